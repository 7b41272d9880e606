import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AlertsResponseSchema, CreateAlertResponseSchema } from '../../../shared/api/alerts.schema.ts';
import { NotificationsResponseSchema } from '../../../shared/api/notifications.schema.ts';
import { alertDeliveries, alerts, mailOutbox, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { getAppUrl } from '../auth/auth.service.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { createAlert, patchAlert, signUpWithPoints } from './alerts.test-support.ts';
import { deliverDueAlerts } from './deliveries.service.ts';
import { evaluateAlerts } from './evaluate.service.ts';
import { setProjectHeat } from './evaluate.test-support.ts';

// What an alert says about itself agrees: the first evaluation's rule, last triggered, values as shown, one alert
// per condition, and the links of what a firing sends (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL).
describe('alerts that agree with themselves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'rules-hot', name: 'Rules <b>Hot</b>', heatScore: 61.23456 });
    await insertProject(t.db, { id: 'rules-cold', name: 'Rules Cold', heatScore: 20 });
    await insertSector(t.db, { id: 'rules-sector', name: 'Rules Sector', trend: 'up', heatScore: 40 });
  });
  afterAll(() => t.close());

  /** The user's alert notifications (the points that made them premium notify too). */
  const notificationsOf = async (agent: Agent) =>
    NotificationsResponseSchema.parse(
      (await agent.request({ method: 'GET', url: '/api/notifications' })).json(),
    ).items.filter((n) => n.kind === 'alert_fired');
  const alertsOf = async (agent: Agent) =>
    AlertsResponseSchema.parse((await agent.request({ method: 'GET', url: '/api/alerts' })).json()).items;

  test('met at creation: it fires at once — fired, last triggered = that check, one notification to /project/:id', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'rules-met@example.com', 1000);
    // A verified address: alert e-mails go to verified accounts.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    const created = await createAlert(agent, {
      targetType: 'project',
      targetId: 'rules-hot',
      kind: 'heat_above',
      threshold: 55,
      email: true,
    });
    expect(created.statusCode).toBe(201);
    const { alert } = CreateAlertResponseSchema.parse(created.json());
    expect(alert).toMatchObject({ state: 'fired', threshold: 55, lastValue: 61.2 });
    expect(alert.lastTriggeredAt).not.toBeNull();
    expect(alert.lastTriggeredAt).toBe(alert.lastEvaluatedAt);

    const notes = await notificationsOf(agent);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'alert_fired',
      link: '/project/rules-hot',
      params: { kind: 'heat_above', targetName: 'Rules <b>Hot</b>', threshold: 55, value: 61.2 },
    });
    expect(notes[0]?.createdAt).toBe(alert.lastTriggeredAt);
    const deliveries = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    expect(deliveries.map((d) => [d.channel, d.eventKey])).toEqual([['email', alert.lastTriggeredAt]]);
    // The e-mail: plain text (the name's markup stays text), the rounded value, the project page's link.
    await deliverDueAlerts(
      { db: t.db, config: t.config, mailer: t.mailer },
      new Date(Date.parse(alert.lastTriggeredAt ?? '')),
    );
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rules-met@example.com'));
    const mail = mails.find((m) => m.subject === 'HeatRank 提醒：Rules <b>Hot</b>');
    expect(mail?.text).toContain('Rules <b>Hot</b> 的热度为 61.2，达到或超过您设定的阈值 55。');
    expect(mail?.text).toContain(`${getAppUrl(t.config)}/project/rules-hot\n`);

    // Still met at the next recompute: nothing new; last triggered stays the one firing.
    await evaluateAlerts(t.db, new Date(Date.now() + 60_000));
    const [listed] = await alertsOf(agent);
    expect(listed).toMatchObject({ state: 'fired', lastTriggeredAt: alert.lastTriggeredAt });
    expect(await notificationsOf(agent)).toHaveLength(1);

    // Falls clearly below, then crosses again: the second firing is the new last triggered, and its notification.
    await setProjectHeat(t.db, 'rules-hot', 40);
    await evaluateAlerts(t.db, new Date(Date.now() + 120_000));
    await setProjectHeat(t.db, 'rules-hot', 70);
    const crossing = new Date(Date.now() + 180_000);
    await evaluateAlerts(t.db, crossing);
    const [again] = await alertsOf(agent);
    expect(again).toMatchObject({ state: 'fired', lastValue: 70, lastTriggeredAt: crossing.toISOString() });
    const after = await notificationsOf(agent);
    expect(after.map((n) => n.createdAt)).toEqual([crossing.toISOString(), alert.lastTriggeredAt]);
    await setProjectHeat(t.db, 'rules-hot', 61.23456);
  });

  test('not met at creation: armed with the value it saw, never triggered, no notification', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'rules-unmet@example.com', 1000);
    const { alert } = CreateAlertResponseSchema.parse(
      (
        await createAlert(agent, { targetType: 'project', targetId: 'rules-cold', kind: 'heat_above', threshold: 50 })
      ).json(),
    );
    expect(alert).toMatchObject({ state: 'armed', lastValue: 20, lastTriggeredAt: null });
    expect(alert.lastEvaluatedAt).not.toBeNull();
    expect(await notificationsOf(agent)).toEqual([]);
    // A trend alert's first check records the trend only: there is no change yet.
    const trend = CreateAlertResponseSchema.parse(
      (await createAlert(agent, { targetType: 'sector', targetId: 'rules-sector', kind: 'trend_change' })).json(),
    ).alert;
    expect(trend).toMatchObject({ state: 'armed', lastTriggeredAt: null });
    expect(await notificationsOf(agent)).toEqual([]);
  });

  test('thresholds are kept as shown (one decimal): 55.04 is 55, and a new threshold is checked at once', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'rules-round@example.com', 1000);
    const { alert } = CreateAlertResponseSchema.parse(
      (
        await createAlert(agent, {
          targetType: 'project',
          targetId: 'rules-cold',
          kind: 'heat_below',
          threshold: 10.04,
        })
      ).json(),
    );
    expect(alert).toMatchObject({ threshold: 10, state: 'armed', lastValue: 20 });
    const moved = await patchAlert(agent, alert.id, { threshold: 25.06 });
    expect(moved.json().alert).toMatchObject({ threshold: 25.1, state: 'fired', lastValue: 20 });
    expect(moved.json().alert.lastTriggeredAt).toBe(moved.json().alert.lastEvaluatedAt);
    const [note] = await notificationsOf(agent);
    expect(note?.params).toMatchObject({ kind: 'heat_below', threshold: 25.1, value: 20 });
    // A 24 h change rounded to 0 is no condition.
    const zero = await createAlert(agent, {
      targetType: 'project',
      targetId: 'rules-cold',
      kind: 'heat_change_24h',
      threshold: 0.04,
    });
    expect([zero.statusCode, zero.json().error.details]).toEqual([400, { reason: 'change_range' }]);
  });

  test('a duplicate (same target, condition, threshold) is 409 ALERT_DUPLICATE in zh and en, and changes nothing', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'rules-dup@example.com', 1000);
    const body = { targetType: 'project', targetId: 'rules-cold', kind: 'rank_top', threshold: 3 };
    expect((await createAlert(agent, body)).statusCode).toBe(201);
    const en = await createAlert(agent, { ...body, targetId: 'RULES-COLD', email: true });
    expect([en.statusCode, en.json().error]).toEqual([
      409,
      { code: 'ALERT_DUPLICATE', message: 'You already have an alert with this condition on this target' },
    ]);
    const zh = await createAlert(agent, body, 'zh');
    expect(zh.json().error).toEqual({ code: 'ALERT_DUPLICATE', message: '您已对该目标设置了相同条件的提醒' });
    // Trend alerts (no threshold) and sectors are conditions too.
    const trend = { targetType: 'sector', targetId: 'rules-sector', kind: 'trend_change' };
    expect((await createAlert(agent, trend)).statusCode).toBe(201);
    expect((await createAlert(agent, trend)).statusCode).toBe(409);
    // Another threshold, kind or target is another alert; another user may have the same one.
    const other = await createAlert(agent, { ...body, threshold: 4 });
    expect(other.statusCode).toBe(201);
    const someoneElse = await signUpWithPoints(t.app, t.db, 'rules-dup-2@example.com', 1000);
    expect((await createAlert(someoneElse.agent, body)).statusCode).toBe(201);

    // Moving the second alert onto the first one's threshold is the same duplicate, and leaves it as it was.
    const otherId = other.json().alert.id;
    const moved = await patchAlert(agent, otherId, { threshold: 3 }, 'zh');
    expect([moved.statusCode, moved.json().error.code]).toEqual([409, 'ALERT_DUPLICATE']);
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, otherId));
    expect(row?.threshold).toBe(4);

    // A paused alert is still the user's alert of that condition; at the quota, a duplicate is still a 409 (not 429).
    await patchAlert(agent, otherId, { isActive: false });
    expect((await createAlert(agent, { ...body, threshold: 4 })).statusCode).toBe(409);
    for (const threshold of [5, 6, 7]) await createAlert(agent, { ...body, threshold });
    expect((await createAlert(agent, { ...body, threshold: 8 })).statusCode).toBe(429);
    expect((await createAlert(agent, body)).statusCode).toBe(409);
    expect(await alertsOf(agent)).toHaveLength(6);
  });
});
