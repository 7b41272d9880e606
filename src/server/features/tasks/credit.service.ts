import type { PointsReason } from '../../../shared/api/points.schema.ts';
import type { CreditResponse } from '../../../shared/api/tasks.schema.ts';
import type { Feature } from '../../../shared/membership/level.ts';
import {
  ADS_PER_DAY,
  DAILY_TASKS_PER_DAY,
  POINTS_PER_AD,
  STREAK_BONUS_POINTS,
  TASKS,
  type TaskKey,
  taskPoints,
} from '../../../shared/membership/tasks.ts';
import { dayKey, startOfDay } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { changePoints } from '../points/points.service.ts';
import { advanceStreak } from './streak.ts';
import { insertUserTask, isCredited, lockTaskProfile, updateProfileCounters } from './tasks.queries.ts';

/** The clock and zone a credit runs in: `now` is passed in so tests can stand exactly on a day boundary. */
export type TaskClock = { now: Date; timeZone: string };

/** What is being credited: a catalogue task, or one ad view (by its id, the idempotency of a single view). */
export type CreditTarget = { task: TaskKey } | { ad: string };

/** The ledger key that makes a credit happen once: per day for a daily task, once ever for an achievement. */
export function taskIdempotencyKey(task: TaskKey, day: string): string {
  return TASKS[task].kind === 'daily' ? `task:${task}:${day}` : `task:${task}`;
}

/** The feature a task needs (locked below its level), if any. */
export function taskFeature(key: TaskKey): Feature | undefined {
  const task: { kind: string; feature?: Feature } = TASKS[key];
  return task.feature;
}

function reasonOf(task: TaskKey): PointsReason {
  if (task === 'daily.share_project') return 'share.project';
  if (task === 'achievement.invite_friend') return 'referral.signup';
  return TASKS[task].kind === 'daily' ? 'task.daily' : 'task.achievement';
}

/**
 * The one way a task or an ad earns points, in ONE transaction: lock the profile row, reset the day's counters when
 * the zone's day has changed since the last reset, run `redeem` (e.g. spend an ad token; it throws to refuse), refuse
 * a task already credited (TASK_ALREADY_DONE) or a full day (DAILY_TASK_LIMIT / DAILY_AD_LIMIT, 429), then bump the
 * counters and the streak, write the user_tasks row and credit the points ledger (a savepoint inside this
 * transaction, so the ledger keeps its one writer) — with the streak bonus when the streak reaches a multiple of 7.
 * Any refusal rolls everything back, the token's redemption included.
 */
export async function creditTask(
  db: Db,
  userId: string,
  target: CreditTarget,
  clock: TaskClock,
  redeem?: (tx: Db) => Promise<void>,
): Promise<CreditResponse> {
  const { now, timeZone } = clock;
  const today = dayKey(now, timeZone);
  return withTransaction(db, async (tx) => {
    const profile = await lockTaskProfile(tx, userId);
    if (!profile) throw new AppError('NOT_FOUND');
    const newDay = profile.lastDailyReset.getTime() < startOfDay(now, timeZone).getTime();
    const ads = newDay ? 0 : profile.dailyAdsWatched;
    const daily = newDay ? 0 : profile.dailyTasksCompleted;
    if (redeem) await redeem(tx);

    const isAd = 'ad' in target;
    const kind = isAd ? 'ad' : TASKS[target.task].kind;
    const key = isAd ? `ad:${target.ad}` : taskIdempotencyKey(target.task, today);
    if (!isAd && (await isCredited(tx, userId, key))) throw new AppError('TASK_ALREADY_DONE');
    if (kind === 'ad' && ads >= ADS_PER_DAY) {
      throw new AppError('DAILY_AD_LIMIT', { limit: ADS_PER_DAY });
    }
    if (kind === 'daily' && daily >= DAILY_TASKS_PER_DAY) {
      throw new AppError('DAILY_TASK_LIMIT', { limit: DAILY_TASKS_PER_DAY });
    }

    const state = { current: profile.streakCurrent, best: profile.streakBest, lastDay: profile.streakLastDay };
    const streak = kind === 'daily' ? advanceStreak(state, today) : { ...state, bonus: false };
    await updateProfileCounters(tx, userId, {
      dailyAdsWatched: ads + (kind === 'ad' ? 1 : 0),
      dailyTasksCompleted: daily + (kind === 'daily' ? 1 : 0),
      lastDailyReset: newDay ? now : profile.lastDailyReset,
      streakCurrent: streak.current,
      streakBest: streak.best,
      streakLastDay: streak.lastDay,
      lifetime: kind === 'ad' ? 'ads' : 'tasks',
      now,
    });

    const points = isAd ? POINTS_PER_AD : taskPoints(target.task);
    const taskKey = isAd ? 'ad.watch' : target.task;
    await insertUserTask(tx, {
      userId,
      taskType: kind === 'ad' ? 'watch_ad' : kind,
      taskKey,
      pointsAwarded: points,
      completedAt: now,
    });
    const reason = isAd ? 'ad.watch' : reasonOf(target.task);
    let { balance } = await changePoints(tx, { userId, change: points, reason, idempotencyKey: key, now });
    let bonus = 0;
    if (streak.bonus) {
      const bonusKey = `streak.bonus:${today}`;
      const result = await changePoints(tx, {
        userId,
        change: STREAK_BONUS_POINTS,
        reason: 'streak.bonus',
        idempotencyKey: bonusKey,
        now,
      });
      balance = result.balance;
      bonus = result.applied ? STREAK_BONUS_POINTS : 0;
    }
    return { task: taskKey, points, bonus, balance };
  });
}
