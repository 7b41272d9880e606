import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { pointsExpiryJob } from '../../jobs/points-expiry.job.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { expirePoints } from './expiry.service.ts';
import { creditPoints, debitPoints, getMyPoints } from './points.service.ts';

const T0 = Date.parse('2030-01-10T04:00:00Z');
const ZONE = 'Asia/Shanghai';

describe('point expiry (POINTS_EXPIRY_DAYS)', () => {
  let t: TestApp;
  let n = 0;
  const newUser = async () => (await signUpAgent(t.app, `expiry-${++n}@example.com`)).me.user!.id;
  const balance = async (userId: string) =>
    (await getMyPoints(t.db, userId, { limit: 100, offset: 0 }, 'en', new Date())).balance;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('expires credits older than the cutoff not consumed by later debits (FIFO), once per day', async () => {
    const userId = await newUser();
    await creditPoints(t.db, { userId, amount: 100, reason: 'task.daily', now: new Date(T0) });
    await creditPoints(t.db, { userId, amount: 50, reason: 'task.daily', now: new Date(T0 + 40 * DAY_MS) });
    await debitPoints(t.db, { userId, amount: 30, reason: 'admin.adjust', now: new Date(T0 + 41 * DAY_MS) });

    const first = await expirePoints(t.db, { now: new Date(T0 + 45 * DAY_MS), days: 30, timeZone: ZONE });
    const rerun = await expirePoints(t.db, { now: new Date(T0 + 45 * DAY_MS + 3600_000), days: 30, timeZone: ZONE });
    const nextDay = await expirePoints(t.db, { now: new Date(T0 + 46 * DAY_MS), days: 30, timeZone: ZONE });
    const later = await expirePoints(t.db, { now: new Date(T0 + 71 * DAY_MS), days: 30, timeZone: ZONE });
    const page = await getMyPoints(t.db, userId, { limit: 100, offset: 0 }, 'en', new Date());

    expect(first).toMatchObject({ points: 70 }); // 100 earned before the cutoff − 30 spent since
    expect(rerun.points).toBe(0);
    expect(nextDay.points).toBe(0);
    expect(later.points).toBe(50); // the 50 from day 40 expire on day 70
    expect(page.balance).toBe(0);
    expect(
      page.history.items.filter((i) => i.reason === 'points.expired').map((i) => [i.change, i.reasonLabel]),
    ).toEqual([
      [-50, 'Points expired'],
      [-70, 'Points expired'],
    ]);
  });

  test('with the default 0 nothing expires; the job reads the setting', async () => {
    const userId = await newUser();
    await creditPoints(t.db, { userId, amount: 80, reason: 'task.daily', now: new Date(T0) });
    const ctx = (days: string) => ({
      ...t.jobContext(new Date(T0 + 400 * DAY_MS)),
      config: { ...t.config, POINTS_EXPIRY_DAYS: Number(days) },
    });

    const off = await expirePoints(t.db, { now: new Date(T0 + 400 * DAY_MS), days: 0, timeZone: ZONE });
    const offJob = await pointsExpiryJob.run(ctx('0'));
    const kept = await balance(userId);
    const onJob = await pointsExpiryJob.run(ctx('365'));

    expect(off).toEqual({ users: 0, points: 0 });
    expect(offJob.counts).toEqual({ users: 0, points: 0 });
    expect(kept).toBe(80);
    expect(onJob.counts.points).toBeGreaterThanOrEqual(80);
    expect(await balance(userId)).toBe(0);
  });
});
