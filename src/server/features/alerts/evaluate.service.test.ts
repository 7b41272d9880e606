import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LEVEL_POINT_THRESHOLDS } from '../../../shared/membership/level.ts';
import { alertDeliveries, heatHistory } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { evaluateAlerts, HEAT_HYSTERESIS_POINTS } from './evaluate.service.ts';
import {
  getAlert,
  insertAlert,
  insertUser,
  listAlertNotifications,
  setProjectHeat,
  setSector,
} from './evaluate.test-support.ts';

const T0 = new Date('2026-11-24T12:00:00.000Z');
/** The n-th recompute after T0, five minutes apart. */
const at = (n: number) => new Date(T0.getTime() + n * 5 * 60_000);

describe('evaluateAlerts: one set-based pass after each recompute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('heat_above fires once on crossing, not again while above, re-arms below the band, fires on the next crossing', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 50 });
    const alert = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_above', threshold: 60 });

    // Baseline: below, armed, nothing sent.
    await evaluateAlerts(t.db, at(0));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed', lastValue: 50, lastEvaluatedAt: at(0) });

    await setProjectHeat(t.db, project.id, 61);
    const crossing = await evaluateAlerts(t.db, at(1));
    expect(crossing.fired).toBeGreaterThanOrEqual(1);
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastValue: 61, lastTriggeredAt: at(1) });
    const [first, ...others] = await listAlertNotifications(t.db, userId);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      kind: 'alert_fired',
      link: `/project/${project.id}`,
      dedupeKey: `alert:${alert.id}:${at(1).toISOString()}`,
      params: {
        alertId: alert.id,
        kind: 'heat_above',
        targetType: 'project',
        targetId: project.id,
        targetName: project.name,
        threshold: 60,
        value: 61,
      },
    });

    // Still above, then jitter just under the line (inside the band): no new firing.
    await setProjectHeat(t.db, project.id, 70);
    await evaluateAlerts(t.db, at(2));
    await setProjectHeat(t.db, project.id, 60 - HEAT_HYSTERESIS_POINTS / 2);
    await evaluateAlerts(t.db, at(3));
    await setProjectHeat(t.db, project.id, 62);
    await evaluateAlerts(t.db, at(4));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastTriggeredAt: at(1) });
    expect(await listAlertNotifications(t.db, userId)).toHaveLength(1);

    // Below the band: re-armed (no notification), then the next crossing fires again.
    await setProjectHeat(t.db, project.id, 60 - HEAT_HYSTERESIS_POINTS - 0.5);
    await evaluateAlerts(t.db, at(5));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed' });
    expect(await listAlertNotifications(t.db, userId)).toHaveLength(1);
    await setProjectHeat(t.db, project.id, 65);
    await evaluateAlerts(t.db, at(6));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastTriggeredAt: at(6) });
    expect((await listAlertNotifications(t.db, userId)).map((n) => n.dedupeKey)).toEqual([
      `alert:${alert.id}:${at(1).toISOString()}`,
      `alert:${alert.id}:${at(6).toISOString()}`,
    ]);
  });

  test('the first pass fires at once when the condition already holds: notification, last triggered = that pass', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 80 });
    const alert = await insertAlert(t.db, {
      userId,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 60,
      emailEnabled: true,
    });
    const result = await evaluateAlerts(t.db, at(10));
    expect(result.fired).toBeGreaterThanOrEqual(1);
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastValue: 80, lastTriggeredAt: at(10) });
    // Still met on the next pass: no second notification, last triggered stays the firing's time.
    await evaluateAlerts(t.db, at(11));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastTriggeredAt: at(10) });
    const notes = await listAlertNotifications(t.db, userId);
    expect(notes.map((n) => [n.dedupeKey, n.link, n.params.value])).toEqual([
      [`alert:${alert.id}:${at(10).toISOString()}`, `/project/${project.id}`, 80],
    ]);
    const deliveries = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    expect(deliveries.map((d) => [d.channel, d.eventKey])).toEqual([['email', at(10).toISOString()]]);
  });

  test('a first pass where the condition does not hold arms the alert; fired always has a last triggered time', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 40 });
    const alert = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_above', threshold: 60 });
    await evaluateAlerts(t.db, at(12));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed', lastValue: 40, lastTriggeredAt: null });
    expect(await listAlertNotifications(t.db, userId)).toEqual([]);
  });

  test('values are decided, stored and sent as shown: heat and changes to one decimal', async () => {
    const userId = await insertUser(t.db);
    // 59.96 reads "60.0": an alert "above 60" that showed 60 without firing would contradict itself.
    const project = await insertProject(t.db, { heatScore: 59.96 });
    const above = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_above', threshold: 60 });
    const other = await insertProject(t.db, { heatScore: 42.123456789 });
    const below = await insertAlert(t.db, { userId, projectId: other.id, kind: 'heat_below', threshold: 50 });
    await evaluateAlerts(t.db, at(14));
    expect(await getAlert(t.db, above.id)).toMatchObject({ state: 'fired', lastValue: 60 });
    expect(await getAlert(t.db, below.id)).toMatchObject({ state: 'fired', lastValue: 42.1 });
    const values = (await listAlertNotifications(t.db, userId)).map((n) => n.params.value);
    expect(values.sort()).toEqual([42.1, 60]);
  });

  test('inactive alerts and unscored targets are left untouched', async () => {
    const userId = await insertUser(t.db);
    const scored = await insertProject(t.db, { heatScore: 80 });
    const unscored = await insertProject(t.db);
    const inactive = await insertAlert(t.db, {
      userId,
      projectId: scored.id,
      kind: 'heat_above',
      threshold: 60,
      isActive: false,
      lastEvaluatedAt: at(0),
    });
    const noValue = await insertAlert(t.db, {
      userId,
      projectId: unscored.id,
      kind: 'heat_below',
      threshold: 60,
      lastEvaluatedAt: at(0),
    });
    await evaluateAlerts(t.db, at(20));
    expect(await getAlert(t.db, inactive.id)).toMatchObject({
      state: 'armed',
      lastEvaluatedAt: at(0),
      lastValue: null,
    });
    expect(await getAlert(t.db, noValue.id)).toMatchObject({ state: 'armed', lastEvaluatedAt: at(0), lastValue: null });
    expect(await listAlertNotifications(t.db, userId)).toEqual([]);
  });

  test('heat_below fires when the heat drops to the threshold and re-arms above it plus the band', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 40 });
    const alert = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_below', threshold: 30 });
    await evaluateAlerts(t.db, at(30));
    await setProjectHeat(t.db, project.id, 29);
    await evaluateAlerts(t.db, at(31));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired' });
    await setProjectHeat(t.db, project.id, 30.5);
    await evaluateAlerts(t.db, at(32));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired' });
    await setProjectHeat(t.db, project.id, 31.5);
    await evaluateAlerts(t.db, at(33));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed' });
    expect(await listAlertNotifications(t.db, userId)).toHaveLength(1);
  });

  test('rank_top fires when the project enters the top N of all scored projects', async () => {
    const userId = await insertUser(t.db);
    // Far above every other project of this file, so its rank is fully controlled here.
    const leaders = [];
    for (const heat of [99, 98.5, 98]) leaders.push(await insertProject(t.db, { heatScore: heat }));
    const climber = await insertProject(t.db, { heatScore: 97 });
    const alert = await insertAlert(t.db, { userId, projectId: climber.id, kind: 'rank_top', threshold: 3 });
    await evaluateAlerts(t.db, at(40));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed', lastValue: 4 });
    await setProjectHeat(t.db, climber.id, 98.8);
    await evaluateAlerts(t.db, at(41));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastValue: 2 });
    const [n] = await listAlertNotifications(t.db, userId);
    expect(n?.params).toMatchObject({ kind: 'rank_top', threshold: 3, value: 2 });
    await setProjectHeat(t.db, climber.id, 97);
    await evaluateAlerts(t.db, at(42));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed', lastValue: 4 });
    for (const p of leaders) await setProjectHeat(t.db, p.id, 90);
  });

  test('heat_change_24h compares with the run 24–48 h back, either way', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 50 });
    const alert = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_change_24h', threshold: 10 });
    // No run 24 h back yet: no value, nothing recorded.
    await evaluateAlerts(t.db, at(50));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ lastEvaluatedAt: null });

    const dayAgo = new Date(at(51).getTime() - 25 * 3_600_000);
    await t.db.insert(heatHistory).values({
      entityType: 'project',
      entityId: project.id,
      computedAt: dayAgo,
      score: 65,
      model: 'test',
    });
    await evaluateAlerts(t.db, at(51)); // first pass: -15 is already beyond 10, so it fires at once
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastValue: -15, lastTriggeredAt: at(51) });
    await setProjectHeat(t.db, project.id, 60);
    await evaluateAlerts(t.db, at(52)); // -5: re-armed
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'armed', lastValue: -5 });
    await setProjectHeat(t.db, project.id, 76);
    await evaluateAlerts(t.db, at(53)); // +11: fires
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired', lastValue: 11 });
    const notes = await listAlertNotifications(t.db, userId);
    expect(notes.map((n) => n.params.value)).toEqual([-15, 11]);
  });

  test('sector kinds: heat, rank among sectors, change_24h and every trend change', async () => {
    const userId = await insertUser(t.db);
    const rival = await insertSector(t.db, { heatScore: 50 });
    const sector = await insertSector(t.db, { heatScore: 40, change24h: 1, trend: 'stable' });
    const above = await insertAlert(t.db, { userId, sectorId: sector.id, kind: 'heat_above', threshold: 45 });
    const change = await insertAlert(t.db, { userId, sectorId: sector.id, kind: 'heat_change_24h', threshold: 5 });
    const trend = await insertAlert(t.db, { userId, sectorId: sector.id, kind: 'trend_change' });
    const rank = await insertAlert(t.db, { userId, sectorId: sector.id, kind: 'rank_top', threshold: 1 });
    await evaluateAlerts(t.db, at(60));
    expect(await getAlert(t.db, trend.id)).toMatchObject({ state: 'armed', lastTrend: 'stable' });
    expect(await getAlert(t.db, rank.id)).toMatchObject({ state: 'armed', lastValue: 2 });

    await setSector(t.db, sector.id, { heatScore: 99.9, change24h: 8, trend: 'up' });
    const result = await evaluateAlerts(t.db, at(61));
    expect(result.fired).toBe(4);
    expect(await getAlert(t.db, above.id)).toMatchObject({ state: 'fired', lastValue: 99.9 });
    expect(await getAlert(t.db, change.id)).toMatchObject({ state: 'fired', lastValue: 8 });
    expect(await getAlert(t.db, rank.id)).toMatchObject({ state: 'fired', lastValue: 1 });
    expect(await getAlert(t.db, trend.id)).toMatchObject({ state: 'fired', lastTrend: 'up' });

    // The same trend again: re-armed; a further change (even two passes in a row) fires each time.
    await evaluateAlerts(t.db, at(62));
    expect(await getAlert(t.db, trend.id)).toMatchObject({ state: 'armed', lastTrend: 'up' });
    await setSector(t.db, sector.id, { trend: 'down' });
    await evaluateAlerts(t.db, at(63));
    await setSector(t.db, sector.id, { trend: 'stable' });
    await evaluateAlerts(t.db, at(64));
    const trendNotes = (await listAlertNotifications(t.db, userId)).filter((n) => n.params.kind === 'trend_change');
    expect(trendNotes.map((n) => [n.params.previousTrend, n.params.value, n.link])).toEqual([
      ['stable', 'up', `/sectors/${sector.id}`],
      ['up', 'down', `/sectors/${sector.id}`],
      ['down', 'stable', `/sectors/${sector.id}`],
    ]);
    await setSector(t.db, sector.id, { heatScore: 10 });
    await setSector(t.db, rival.id, { heatScore: 10 });
  });

  test('a firing queues an e-mail delivery when enabled and a webhook delivery when set', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 10 });
    const alert = await insertAlert(t.db, {
      userId,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 20,
      emailEnabled: true,
      webhookUrl: 'http://127.0.0.1:9/hook',
      webhookSecret: 'v1.x',
    });
    await evaluateAlerts(t.db, at(70));
    await setProjectHeat(t.db, project.id, 25);
    await evaluateAlerts(t.db, at(71));
    const rows = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'webhook']);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId,
        status: 'pending',
        attempts: 0,
        eventKey: at(71).toISOString(),
        nextAttemptAt: at(71),
      });
      expect(row.payload).toMatchObject({
        alert: { id: alert.id, kind: 'heat_above', targetType: 'project', targetId: project.id, threshold: 20 },
        value: 25,
        firedAt: at(71).toISOString(),
      });
    }
  });

  test('two concurrent passes fire an alert once', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 10 });
    const alert = await insertAlert(t.db, {
      userId,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 20,
      emailEnabled: true,
    });
    await evaluateAlerts(t.db, at(80));
    await setProjectHeat(t.db, project.id, 30);
    // Different clocks, so the notification's dedupe key cannot be what keeps it to one.
    await Promise.all([evaluateAlerts(t.db, at(81)), evaluateAlerts(t.db, new Date(at(81).getTime() + 1))]);
    expect(await listAlertNotifications(t.db, userId)).toHaveLength(1);
    const rows = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert.id));
    expect(rows).toHaveLength(1);
  });
});

describe("evaluateAlerts: the owner's level at the time of the pass", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test("a plan that ended leaves its alerts dormant (untouched, nothing sent); a premium owner's webhook is not sent", async () => {
    const lapsed = await insertUser(t.db, undefined, 0);
    const premium = await insertUser(t.db, undefined, LEVEL_POINT_THRESHOLDS.premium);
    const project = await insertProject(t.db, { heatScore: 50 });
    const dormant = await insertAlert(t.db, {
      userId: lapsed,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 60,
    });
    const hooked = await insertAlert(t.db, {
      userId: premium,
      projectId: project.id,
      kind: 'heat_above',
      threshold: 60,
      emailEnabled: true,
      webhookUrl: 'https://hooks.example.com/made-while-vip',
    });
    await evaluateAlerts(t.db, at(0));
    await setProjectHeat(t.db, project.id, 70);
    await evaluateAlerts(t.db, at(1));

    expect(await getAlert(t.db, dormant.id)).toMatchObject({ state: 'armed', lastEvaluatedAt: null });
    expect(await listAlertNotifications(t.db, lapsed)).toEqual([]);
    expect(await getAlert(t.db, hooked.id)).toMatchObject({ state: 'fired' });
    const channels = await t.db
      .select({ channel: alertDeliveries.channel })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, hooked.id));
    expect(channels).toEqual([{ channel: 'email' }]);
  });
});
