import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';

import { creditTask } from './credit.service.ts';
import { recordTaskEvent } from './progress.service.ts';
import { getTasks } from './tasks.service.ts';
import { ledgerSummary } from './tasks.test-support.ts';

const ZONE = 'Asia/Shanghai';
// 2030-01-01 00:00 in Shanghai is 2029-12-31T16:00:00Z.
const MIDNIGHT = Date.parse('2029-12-31T16:00:00Z');
const at = (ms: number) => ({ now: new Date(ms), timeZone: ZONE });

describe('crediting tasks (service, explicit clock)', () => {
  let t: TestApp;
  let n = 0;
  const newUser = async () => (await signUpAgent(t.app, `credit-${++n}@example.com`)).me.user!.id;
  const viewer = (userId: string) => ({
    userId,
    level: 'free' as const,
    actualLevel: 'free' as const,
    testLevel: null,
  });

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('the 6th daily task of a day credits nothing (429 DAILY_TASK_LIMIT); the counters reset exactly at the zone midnight', async () => {
    const userId = await newUser();
    const before = MIDNIGHT - 1; // 23:59:59.999 on 2029-12-31 in Shanghai
    await creditTask(t.db, userId, { task: 'daily.check_in' }, at(before - 10_000));
    for (const item of ['a', 'b', 'c', 'd', 'e']) {
      await recordTaskEvent(t.db, userId, 'daily.view_projects', item, new Date(before - 9000), ZONE);
    }
    await recordTaskEvent(t.db, userId, 'daily.view_sector', 'defi', new Date(before - 8000), ZONE);
    await recordTaskEvent(t.db, userId, 'daily.run_search', 'uniswap', new Date(before - 7000), ZONE);
    await creditTask(t.db, userId, { task: 'daily.share_project' }, at(before - 6500));
    await creditTask(t.db, userId, { task: 'achievement.complete_profile' }, at(before - 6000)); // no daily cap
    const sixth = await creditTask(t.db, userId, { task: 'daily.view_history' }, at(before)).catch((e) => e);
    const day1 = await getTasks(t.db, viewer(userId), { ...at(before), minViewSeconds: 15 });
    const premiumDay1 = await getTasks(
      t.db,
      { ...viewer(userId), level: 'premium' },
      { ...at(before), minViewSeconds: 15 },
    );

    const atMidnight = await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT));
    const day2 = await getTasks(t.db, viewer(userId), { ...at(MIDNIGHT), minViewSeconds: 15 });

    expect(sixth).toMatchObject({ code: 'DAILY_TASK_LIMIT', params: { limit: 5 } });
    expect(day1.caps.daily.used).toBe(5);
    expect(day1.tasks.find((x) => x.key === 'daily.view_history')).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
    });
    expect(day1.tasks.find((x) => x.key === 'daily.view_projects')?.state).toBe('completed');
    expect(premiumDay1.tasks.find((x) => x.key === 'daily.view_history')).toMatchObject({
      state: 'locked',
      lockedReason: 'dailyCap',
    });
    expect(atMidnight).toMatchObject({ task: 'daily.check_in', points: 50 });
    expect(day2.day.key).toBe('2030-01-01');
    expect(day2.caps.daily.used).toBe(1);
    expect(day2.tasks.find((x) => x.key === 'daily.check_in')?.state).toBe('completed');
    expect(day2.tasks.find((x) => x.key === 'daily.run_search')?.state).toBe('pending'); // not searched yet today
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile).toMatchObject({ dailyTasksCompleted: 1, tasksCompleted: 7, points: 5 * 50 + 100 + 50 });
    expect(await ledgerSummary(t.db, userId)).toEqual({ sum: 400, lastTotal: 400 });
  });

  test('a daily task is credited once per day; an achievement once ever', async () => {
    const userId = await newUser();
    await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT + 1000));
    const sameDay = await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT + DAY_MS - 1)).catch(
      (e) => e,
    );
    const nextDay = await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT + DAY_MS));
    await creditTask(t.db, userId, { task: 'achievement.complete_profile' }, at(MIDNIGHT));
    const later = await creditTask(
      t.db,
      userId,
      { task: 'achievement.complete_profile' },
      at(MIDNIGHT + 30 * DAY_MS),
    ).catch((e) => e);

    expect(sameDay).toMatchObject({ code: 'TASK_ALREADY_DONE' });
    expect(nextDay.points).toBe(50);
    expect(later).toMatchObject({ code: 'TASK_ALREADY_DONE' });
  }, 30_000);

  test('7 consecutive days earn the streak bonus once, on day 7; a missed day starts over', async () => {
    const userId = await newUser();
    const results = [];
    for (let day = 0; day < 8; day++) {
      results.push(await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT + day * DAY_MS + 3600_000)));
    }
    const sameDay7 = await recordTaskEvent(
      t.db,
      userId,
      'daily.view_sector',
      'x',
      new Date(MIDNIGHT + 6 * DAY_MS + 7200_000),
      ZONE,
    );
    const afterGap = await creditTask(t.db, userId, { task: 'daily.check_in' }, at(MIDNIGHT + 10 * DAY_MS));
    const view = await getTasks(t.db, viewer(userId), { ...at(MIDNIGHT + 10 * DAY_MS), minViewSeconds: 15 });
    const broken = await getTasks(t.db, viewer(userId), { ...at(MIDNIGHT + 12 * DAY_MS), minViewSeconds: 15 });

    expect(results.map((r) => r.bonus)).toEqual([0, 0, 0, 0, 0, 0, 100, 0]);
    expect(results[6]?.balance).toBe(7 * 50 + 100);
    expect(sameDay7.credited?.bonus).toBe(0); // the day's second task: no second bonus
    expect(afterGap.bonus).toBe(0);
    expect(view.streak).toMatchObject({ current: 1, best: 8, activeToday: true, daysToBonus: 6 });
    expect(broken.streak).toMatchObject({ current: 0, best: 8, activeToday: false, daysToBonus: 7 });
  }, 30_000);
});
