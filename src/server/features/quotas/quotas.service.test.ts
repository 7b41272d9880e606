import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Quota } from '../../../shared/membership/level.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import { alerts, quotaUsage, savedSearches } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { assertAlertSlot, cleanupQuotaUsage, consumeQuota, quotaSubjectOf, readQuotas } from './quotas.service.ts';

const ZONE = 'Asia/Shanghai';
const viewer = (level: Viewer['level'], userId: string | null = randomUUID()): Viewer => ({
  userId,
  level,
  actualLevel: level,
  testLevel: null,
});

/** Consumes `n` times at `now`, returning the error codes (or 'ok'). */
async function consumeTimes(
  t: TestApp,
  who: ReturnType<typeof quotaSubjectOf>,
  quota: Exclude<Quota, 'concurrentAlerts'>,
  n: number,
  now: Date,
) {
  const results: string[] = [];
  for (let i = 0; i < n; i++) {
    results.push(
      await consumeQuota(t.db, who, quota, now, ZONE).then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? 'throw',
      ),
    );
  }
  return results;
}

describe('quota service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('hourly API calls: 1000 per clock hour for vip, a new window at the next UTC hour; 403 below vip', async () => {
    const who = quotaSubjectOf(viewer('vip', randomUUID()), '198.51.100.1');
    const at = new Date('2030-03-01T10:59:59.000Z');
    await t.db.insert(quotaUsage).values({
      subject: who.subject,
      quota: 'hourlyApiCalls',
      windowStart: new Date('2030-03-01T10:00:00.000Z'),
      used: 999,
    });
    expect(await consumeTimes(t, who, 'hourlyApiCalls', 2, at)).toEqual(['ok', 'API_LIMIT_REACHED']);
    const next = await consumeQuota(t.db, who, 'hourlyApiCalls', new Date('2030-03-01T11:00:00.000Z'), ZONE);
    expect(next).toEqual({ used: 1, limit: 1000, resetsAt: new Date('2030-03-01T12:00:00.000Z') });

    const premium = quotaSubjectOf(viewer('premium', randomUUID()), '198.51.100.1');
    await expect(consumeQuota(t.db, premium, 'hourlyApiCalls', at, ZONE)).rejects.toMatchObject({
      code: 'FEATURE_LOCKED_VIP',
    });
  });

  test('the day ends at midnight in the zone (16:00 UTC for UTC+8), not at UTC midnight', async () => {
    const who = quotaSubjectOf(viewer('free', randomUUID()), '198.51.100.2');
    // 23:59:59 in Shanghai on 1 March = 15:59:59 UTC: the 1 March window.
    const lastSecond = new Date('2030-03-01T15:59:59.000Z');
    expect(await consumeTimes(t, who, 'dailySearches', 11, lastSecond)).toEqual([
      ...Array(10).fill('ok'),
      'SEARCH_LIMIT_REACHED',
    ]);
    const midnight = new Date('2030-03-01T16:00:00.000Z');
    const fresh = await consumeQuota(t.db, who, 'dailySearches', midnight, ZONE);
    expect(fresh.used).toBe(1);
    expect(fresh.resetsAt.toISOString()).toBe('2030-03-02T16:00:00.000Z');
    // UTC midnight (08:00 in Shanghai) is the same day there: still counted in that window.
    expect((await consumeQuota(t.db, who, 'dailySearches', new Date('2030-03-02T00:00:00.000Z'), ZONE)).used).toBe(2);
  });

  test('exports: 0 for free → 403 naming premium, visitor → 401; premium 10 a day', async () => {
    const now = new Date('2030-04-01T04:00:00.000Z');
    await expect(
      consumeQuota(t.db, quotaSubjectOf(viewer('free'), 'x'), 'dailyExports', now, ZONE),
    ).rejects.toMatchObject({
      code: 'FEATURE_LOCKED',
      details: { feature: 'export_data', requiredLevel: 'premium' },
    });
    await expect(
      consumeQuota(t.db, quotaSubjectOf(viewer('free', null), '198.51.100.3'), 'dailyExports', now, ZONE),
    ).rejects.toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    const premium = quotaSubjectOf(viewer('premium', randomUUID()), 'x');
    expect(await consumeTimes(t, premium, 'dailyExports', 11, now)).toEqual([
      ...Array(10).fill('ok'),
      'EXPORT_LIMIT_REACHED',
    ]);
  });

  test('50 parallel uses of a 10-use quota: exactly 10 are counted', async () => {
    const who = quotaSubjectOf(viewer('free', randomUUID()), 'x');
    const now = new Date('2030-05-01T04:00:00.000Z');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => consumeQuota(t.db, who, 'dailySearches', now, ZONE)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [usage] = await readQuotas(t.db, who, now, ZONE);
    expect(usage).toMatchObject({ quota: 'dailySearches', used: 10, limit: 10, window: 'day' });
  });

  test('concurrent alerts count the active alerts and search alerts: free 403, premium 5 then 429', async () => {
    const { me } = await signUpAgent(t.app, 'alerts-slot@example.com');
    const userId = me.user!.id;
    await expect(assertAlertSlot(t.db, viewer('free', userId))).rejects.toMatchObject({ code: 'FEATURE_LOCKED' });
    await expect(assertAlertSlot(t.db, viewer('free', null))).rejects.toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    const project = await insertProject(t.db, { id: 'uniswap' });
    const row = { userId, kind: 'heat_above' as const, targetType: 'project' as const, projectId: project.id };
    // Distinct thresholds: one alert per condition (alerts_condition_idx).
    await t.db.insert(alerts).values([
      { ...row, threshold: 10 },
      { ...row, threshold: 20 },
      { ...row, threshold: 30 },
      { ...row, threshold: 40, isActive: false },
    ]);
    // A search alert counts; a saved search without its alert does not.
    await t.db.insert(savedSearches).values([
      { userId, name: 'alerting', query: { q: 'dex' }, alertEnabled: true },
      { userId, name: 'quiet', query: { q: 'nft' } },
    ]);
    await expect(assertAlertSlot(t.db, viewer('premium', userId))).resolves.toBeUndefined();
    await t.db.insert(alerts).values({ ...row, threshold: 50 });
    await expect(assertAlertSlot(t.db, viewer('premium', userId))).rejects.toMatchObject({
      code: 'ALERT_LIMIT_REACHED',
      params: { limit: 5 },
    });
    await expect(assertAlertSlot(t.db, viewer('vip', userId))).resolves.toBeUndefined();
    const quotas = await readQuotas(t.db, quotaSubjectOf(viewer('premium', userId), 'x'), new Date(), ZONE);
    expect(quotas[3]).toEqual({ quota: 'concurrentAlerts', window: 'concurrent', used: 5, limit: 5, resetsAt: null });
  });

  test('the cleanup removes windows older than two days and keeps the rest', async () => {
    const now = new Date('2030-06-10T00:00:00.000Z');
    const subject = 'user:cleanup';
    await t.db.insert(quotaUsage).values([
      { subject, quota: 'dailySearches', windowStart: new Date('2030-06-07T16:00:00.000Z'), used: 3 },
      { subject, quota: 'dailySearches', windowStart: new Date('2030-06-09T16:00:00.000Z'), used: 4 },
    ]);
    await cleanupQuotaUsage(t.db, now);
    const left = (await t.db.select().from(quotaUsage)).filter((r) => r.subject === subject);
    expect(left.map((r) => r.used)).toEqual([4]);
  });
});
