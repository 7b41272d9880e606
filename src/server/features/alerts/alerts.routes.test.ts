import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alertDeliveries, alerts } from '../../db/schema/index.ts';
import { decryptSecret } from '../../secret-crypto.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { debitPoints } from '../points/points.service.ts';
import { createAlert, patchAlert, signUpWithPoints, TEST_SECRET_KEY } from './alerts.test-support.ts';

describe('/api/alerts', () => {
  let t: TestApp;
  let projectId: string;
  let sectorId: string;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: TEST_SECRET_KEY } });
    projectId = (await insertProject(t.db, { id: 'alpha', name: 'Alpha Protocol', heatScore: 60 })).id;
    sectorId = (await insertSector(t.db, { id: 'defi', name: 'DeFi', nameZh: '去中心化金融' })).id;
  });
  afterAll(() => t.close());

  test('a premium user creates an alert, evaluated at once (armed: not met), and lists it with the quota', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-create@example.com', 1000);
    const created = await createAlert(agent, {
      targetType: 'project',
      targetId: 'ALPHA',
      kind: 'heat_above',
      threshold: 70,
      email: true,
    });
    expect(created.statusCode).toBe(201);
    const { alert, webhookSecret } = created.json();
    expect(webhookSecret).toBeNull();
    expect(alert).toMatchObject({
      targetType: 'project',
      targetId: 'alpha',
      targetName: 'Alpha Protocol',
      kind: 'heat_above',
      threshold: 70,
      email: true,
      webhookUrl: null,
      isActive: true,
      state: 'armed',
      lastValue: 60,
      lastTriggeredAt: null,
    });
    expect(alert.lastEvaluatedAt).toBe(alert.createdAt);
    const list = await agent.request({ method: 'GET', url: '/api/alerts' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({ items: [alert], used: 1, limit: 5 });
  });

  test("a sector's name comes in the request's language; trend_change takes no threshold", async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-sector@example.com', 1000);
    const created = await createAlert(agent, { targetType: 'sector', targetId: sectorId, kind: 'trend_change' });
    expect(created.statusCode).toBe(201);
    expect(created.json().alert).toMatchObject({ targetName: 'DeFi', threshold: null, email: false });
    const zh = await agent.request({ method: 'GET', url: '/api/alerts?lang=zh' });
    expect(zh.json().items[0].targetName).toBe('去中心化金融');
    const en = await agent.request({ method: 'GET', url: '/api/alerts', headers: { 'accept-language': 'en' } });
    expect(en.json().items[0].targetName).toBe('DeFi');
  });

  test('a condition that does not fit the target or its threshold is 400 ALERT_INVALID with the reason', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-invalid@example.com', 1000);
    const cases: [object, string][] = [
      [{ targetType: 'project', targetId: projectId, kind: 'trend_change' }, 'kind_not_allowed'],
      [{ targetType: 'project', targetId: projectId, kind: 'heat_above' }, 'threshold_required'],
      [{ targetType: 'project', targetId: projectId, kind: 'heat_below', threshold: null }, 'threshold_required'],
      [{ targetType: 'sector', targetId: sectorId, kind: 'trend_change', threshold: 5 }, 'threshold_not_allowed'],
      [{ targetType: 'project', targetId: projectId, kind: 'heat_above', threshold: 101 }, 'heat_range'],
      [{ targetType: 'sector', targetId: sectorId, kind: 'heat_below', threshold: 100.5 }, 'heat_range'],
      [{ targetType: 'project', targetId: projectId, kind: 'rank_top', threshold: 0 }, 'rank_range'],
      [{ targetType: 'project', targetId: projectId, kind: 'rank_top', threshold: 2.5 }, 'rank_range'],
      [{ targetType: 'project', targetId: projectId, kind: 'heat_change_24h', threshold: 0 }, 'change_range'],
      [{ targetType: 'project', targetId: projectId, kind: 'heat_change_24h', threshold: 150 }, 'change_range'],
    ];
    for (const [payload, reason] of cases) {
      const response = await createAlert(agent, payload);
      expect([reason, response.statusCode, response.json().error.code]).toEqual([reason, 400, 'ALERT_INVALID']);
      expect(response.json().error.details).toEqual({ reason });
      expect(response.json().error.message).toMatch(/^This alert is not valid: [a-z]/);
    }
    const zh = await createAlert(agent, { targetType: 'project', targetId: projectId, kind: 'rank_top' }, 'zh');
    expect(zh.json().error.message).toContain('此条件需要阈值');
    // Schema-level refusals are 400s too, never a 500.
    for (const payload of [
      { targetType: 'project', targetId: projectId, kind: 'heat_above', threshold: -1 },
      { targetType: 'project', targetId: projectId, kind: 'price_above', threshold: 1 },
      { targetType: 'token', targetId: projectId, kind: 'heat_above', threshold: 1 },
      { targetType: 'project', targetId: projectId, kind: 'heat_above', threshold: 1, extra: true },
    ]) {
      expect((await createAlert(agent, payload)).statusCode).toBe(400);
    }
    expect((await agent.request({ method: 'GET', url: '/api/alerts' })).json().items).toEqual([]);
  });

  test('an unknown project or sector is 404 with its own code', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-unknown@example.com', 1000);
    const project = await createAlert(agent, {
      targetType: 'project',
      targetId: 'nope',
      kind: 'rank_top',
      threshold: 3,
    });
    expect([project.statusCode, project.json().error.code]).toEqual([404, 'PROJECT_NOT_FOUND']);
    const sector = await createAlert(agent, { targetType: 'sector', targetId: 'nope', kind: 'trend_change' });
    expect([sector.statusCode, sector.json().error.code]).toEqual([404, 'SECTOR_NOT_FOUND']);
  });

  test('premium holds 5 active alerts: the 6th is 429; pausing frees a slot, resuming needs one', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-cap@example.com', 1000);
    const body = (n: number) => ({ targetType: 'project', targetId: projectId, kind: 'rank_top', threshold: n });
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push((await createAlert(agent, body(n))).json().alert.id);
    const sixth = await createAlert(agent, body(6));
    expect([sixth.statusCode, sixth.json().error.code, sixth.json().error.message]).toEqual([
      429,
      'ALERT_LIMIT_REACHED',
      'Active alert limit reached (5 alerts)',
    ]);
    const paused = await patchAlert(agent, ids[0]!, { isActive: false });
    expect(paused.json().alert.isActive).toBe(false);
    expect((await agent.request({ method: 'GET', url: '/api/alerts' })).json()).toMatchObject({ used: 4, limit: 5 });
    expect((await createAlert(agent, body(6))).statusCode).toBe(201);
    const resumed = await patchAlert(agent, ids[0]!, { isActive: true });
    expect([resumed.statusCode, resumed.json().error.code]).toEqual([429, 'ALERT_LIMIT_REACHED']);
    // Saying "active" to an active alert takes no new slot.
    expect((await patchAlert(agent, ids[1]!, { isActive: true })).statusCode).toBe(200);
  });

  test('a new threshold re-arms the alert; other changes keep its state', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-rearm@example.com', 1000);
    const { id } = (
      await createAlert(agent, { targetType: 'project', targetId: projectId, kind: 'heat_below', threshold: 20 })
    ).json().alert;
    const fire = () =>
      t.db
        .update(alerts)
        .set({ state: 'fired', lastValue: 10, lastEvaluatedAt: new Date(), lastTriggeredAt: new Date() })
        .where(eq(alerts.id, id));
    await fire();
    const email = (await patchAlert(agent, id, { email: true })).json().alert;
    expect(email).toMatchObject({ email: true, state: 'fired', lastValue: 10 });
    expect(email.lastEvaluatedAt).not.toBeNull();
    const same = (await patchAlert(agent, id, { threshold: 20 })).json().alert;
    expect(same.state).toBe('fired');
    const moved = (await patchAlert(agent, id, { threshold: 30 })).json().alert;
    // A new condition, evaluated at once: heat 60 is not below 30, so armed, with the value it saw.
    expect(moved).toMatchObject({ threshold: 30, state: 'armed', lastValue: 60 });
    expect(moved.lastEvaluatedAt).not.toBe(email.lastEvaluatedAt);
    expect(moved.lastTriggeredAt).toBe(email.lastTriggeredAt); // the last firing stays the last firing
    const bad = await patchAlert(agent, id, { threshold: 200 });
    expect([bad.statusCode, bad.json().error.details]).toEqual([400, { reason: 'heat_range' }]);
    const none = await patchAlert(agent, id, { threshold: null });
    expect([none.statusCode, none.json().error.details]).toEqual([400, { reason: 'threshold_required' }]);
  });

  test('webhooks are vip: premium gets 403 FEATURE_LOCKED_VIP; vip gets the secret once, stored encrypted', async () => {
    const premium = await signUpWithPoints(t.app, t.db, 'al-hook-premium@example.com', 1000);
    const hook = { targetType: 'project', targetId: projectId, kind: 'heat_above', threshold: 50 };
    const refused = await createAlert(premium.agent, { ...hook, webhookUrl: 'https://example.com/hook' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'FEATURE_LOCKED_VIP']);
    const { id: plain } = (await createAlert(premium.agent, hook)).json().alert;
    const addRefused = await patchAlert(premium.agent, plain, { webhookUrl: 'https://example.com/hook' });
    expect(addRefused.statusCode).toBe(403);

    const vip = await signUpWithPoints(t.app, t.db, 'al-hook-vip@example.com', 5000);
    const notHttp = await createAlert(vip.agent, { ...hook, webhookUrl: 'ftp://example.com/hook' });
    expect(notHttp.statusCode).toBe(400);
    const created = await createAlert(vip.agent, { ...hook, webhookUrl: 'https://example.com/hook' });
    expect(created.statusCode).toBe(201);
    const { alert, webhookSecret } = created.json();
    expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(alert.webhookUrl).toBe('https://example.com/hook');
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.webhookSecret).not.toContain(webhookSecret);
    expect(decryptSecret(row!.webhookSecret!, TEST_SECRET_KEY)).toBe(webhookSecret);
    const list = await vip.agent.request({ method: 'GET', url: '/api/alerts' });
    expect(list.json().limit).toBe(20);
    expect(list.body).not.toContain(webhookSecret);
    expect(list.body).not.toContain(row!.webhookSecret);

    // A new URL keeps the secret (not shown again); removing the webhook drops it; adding one makes a new one.
    const moved = await patchAlert(vip.agent, alert.id, { webhookUrl: 'http://hooks.example.org/in' });
    expect(moved.json()).toMatchObject({ webhookSecret: null, alert: { webhookUrl: 'http://hooks.example.org/in' } });
    const removed = await patchAlert(vip.agent, alert.id, { webhookUrl: null });
    expect(removed.json()).toMatchObject({ webhookSecret: null, alert: { webhookUrl: null } });
    const [cleared] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(cleared!.webhookSecret).toBeNull();
    const added = await patchAlert(vip.agent, alert.id, { webhookUrl: 'https://example.com/again' });
    expect(added.json().webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(added.json().webhookSecret).not.toBe(webhookSecret);
  });

  test('the delivery log shows the last 50, newest first; DELETE removes the alert and its log', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'al-log@example.com', 1000);
    const { id } = (await createAlert(agent, { targetType: 'sector', targetId: sectorId, kind: 'trend_change' })).json()
      .alert;
    const base = Date.parse('2026-11-01T00:00:00Z');
    await t.db.insert(alertDeliveries).values(
      Array.from({ length: 55 }, (_, i) => ({
        alertId: id,
        userId,
        eventKey: `e${i}`,
        channel: i % 2 ? ('email' as const) : ('webhook' as const),
        payload: { i },
        status: 'failed' as const,
        attempts: 5,
        lastStatusCode: 500,
        lastError: 'HTTP 500',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const log = await agent.request({ method: 'GET', url: `/api/alerts/${id}/deliveries` });
    expect(log.statusCode).toBe(200);
    const items = log.json().items;
    expect(items).toHaveLength(50);
    expect(items[0]).toMatchObject({
      channel: 'webhook',
      status: 'failed',
      attempts: 5,
      lastStatusCode: 500,
      createdAt: new Date(base + 54 * 60_000).toISOString(),
      deliveredAt: null,
    });
    expect(items.at(-1).createdAt).toBe(new Date(base + 5 * 60_000).toISOString());
    expect(items[0]).not.toHaveProperty('payload');

    const deleted = await agent.request({ method: 'DELETE', url: `/api/alerts/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await agent.request({ method: 'GET', url: '/api/alerts' })).json().items).toEqual([]);
    expect(await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, id))).toEqual([]);
    const again = await agent.request({ method: 'DELETE', url: `/api/alerts/${id}` });
    expect([again.statusCode, again.json().error.code]).toEqual([404, 'ALERT_NOT_FOUND']);
  });
});

describe('/api/alerts without SECRET_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'alpha' });
  });
  afterAll(() => t.close());

  test('a webhook cannot be kept without the encryption key: 503 FEATURE_UNAVAILABLE, nothing created', async () => {
    const vip = await signUpWithPoints(t.app, t.db, 'al-nokey@example.com', 5000);
    const payload = { targetType: 'project', targetId: 'alpha', kind: 'heat_above', threshold: 50 };
    const refused = await createAlert(vip.agent, { ...payload, webhookUrl: 'https://example.com/hook' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([503, 'FEATURE_UNAVAILABLE']);
    expect((await createAlert(vip.agent, payload)).statusCode).toBe(201);
    expect((await vip.agent.request({ method: 'GET', url: '/api/alerts' })).json().used).toBe(1);
  });
});

describe('/api/alerts after the plan ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: TEST_SECRET_KEY } });
    await insertProject(t.db, { id: 'beta', name: 'Beta', heatScore: 40 });
  });
  afterAll(() => t.close());

  test('a user back on free still lists, pauses and deletes their alerts, but cannot resume, edit or create', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'al-lapsed@example.com', 1000);
    const first = (
      await createAlert(agent, { targetType: 'project', targetId: 'beta', kind: 'heat_above', threshold: 70 })
    ).json().alert.id;
    const second = (
      await createAlert(agent, { targetType: 'project', targetId: 'beta', kind: 'heat_below', threshold: 10 })
    ).json().alert.id;
    await debitPoints(t.db, { userId, amount: 1000, reason: 'admin.adjust' });

    const list = await agent.request({ method: 'GET', url: '/api/alerts' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ used: 2, limit: 0 });
    expect((await agent.request({ method: 'GET', url: `/api/alerts/${first}/deliveries` })).statusCode).toBe(200);
    expect((await patchAlert(agent, first, { isActive: false })).json().alert.isActive).toBe(false);
    expect((await patchAlert(agent, first, { email: false, webhookUrl: null })).statusCode).toBe(200);
    expect((await agent.request({ method: 'DELETE', url: `/api/alerts/${second}` })).statusCode).toBe(204);

    for (const body of [{ isActive: true }, { threshold: 50 }, { email: true }]) {
      const refused = await patchAlert(agent, first, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FEATURE_LOCKED');
    }
    const create = await createAlert(agent, {
      targetType: 'project',
      targetId: 'beta',
      kind: 'heat_above',
      threshold: 1,
    });
    expect(create.statusCode).toBe(403);
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, first));
    expect(row).toMatchObject({ isActive: false, threshold: 70 });
  });
});
