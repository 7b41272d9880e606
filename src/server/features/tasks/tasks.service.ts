import type { CreditResponse, TaskItem, TasksResponse, UserTasksResponse } from '../../../shared/api/tasks.schema.ts';
import { canUse, minimumLevelFor } from '../../../shared/membership/level.ts';
import {
  ADS_PER_DAY,
  DAILY_TASKS_PER_DAY,
  POINTS_PER_AD,
  POINTS_PER_DAILY_TASK,
  STREAK_BONUS_EVERY,
  STREAK_BONUS_POINTS,
  TASK_KEYS,
  TASKS,
  type TaskKey,
  taskPoints,
} from '../../../shared/membership/tasks.ts';
import { dayKey, startOfDay, startOfNextDay, utcOffsetLabel } from '../../../shared/time/day-window.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { creditTask, type TaskClock, taskFeature } from './credit.service.ts';
import { PROGRESS_TASKS, type ProgressTask } from './progress.service.ts';
import { ensureReferralCode, hasVerifiedReferral, referralStats } from './referral.service.ts';
import { selectShareProgress } from './share.queries.ts';
import { streakView } from './streak.ts';
import { taskConditions } from './task-conditions.ts';
import { deriveTaskState } from './task-state.ts';
import {
  countTaskEvents,
  hasWatchlistItemSince,
  selectCompletedTasks,
  selectTaskProfile,
  selectUserTasks,
} from './tasks.queries.ts';

const LISTED_TASKS = TASK_KEYS.filter((key) => !('available' in TASKS[key] && TASKS[key].available === false));
const ACHIEVEMENTS = TASK_KEYS.filter((key) => TASKS[key].kind === 'achievement');

function isProgressTask(key: TaskKey): key is ProgressTask {
  return (PROGRESS_TASKS as readonly string[]).includes(key);
}

/** GET /api/tasks: today's tasks and their states, the day's caps, the streak, ads and the referral link. */
export async function getTasks(
  db: Db,
  viewer: Viewer & { userId: string },
  clock: TaskClock & { minViewSeconds: number },
) {
  const { now, timeZone } = clock;
  const { userId } = viewer;
  const today = dayKey(now, timeZone);
  const dayStart = startOfDay(now, timeZone);
  const profile = await selectTaskProfile(db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  const [completed, events, code, referral, share, watchedToday, watchedEver] = await Promise.all([
    selectCompletedTasks(db, userId, dayStart, ACHIEVEMENTS),
    countTaskEvents(db, userId, today),
    ensureReferralCode(db, userId),
    referralStats(db, userId),
    selectShareProgress(db, userId, today),
    hasWatchlistItemSince(db, userId, dayStart),
    hasWatchlistItemSince(db, userId, new Date(0)),
  ]);
  const sameDay = profile.lastDailyReset.getTime() >= dayStart.getTime();
  const dailyUsed = sameDay ? profile.dailyTasksCompleted : 0;
  const adsUsed = sameDay ? profile.dailyAdsWatched : 0;
  const completedAt = new Map<string, Date>();
  for (const row of completed) {
    const isAchievement = (ACHIEVEMENTS as string[]).includes(row.taskKey);
    if (isAchievement || row.completedAt >= dayStart) completedAt.set(row.taskKey, row.completedAt);
  }
  const conditions = taskConditions({ profile, events, referral, share, watchedToday, watchedEver });

  const tasks = LISTED_TASKS.map((key): TaskItem => {
    const { kind, target } = TASKS[key];
    const feature = taskFeature(key);
    const { met, progress, waitingFor } = conditions(key);
    const derived = deriveTaskState({
      kind,
      target,
      completedAt: completedAt.get(key) ?? null,
      requiredLevel: feature && !canUse(viewer.level, feature) ? minimumLevelFor(feature) : null,
      dailyCapReached: dailyUsed >= DAILY_TASKS_PER_DAY,
      conditionMet: met,
      progress,
      waitingFor,
    });
    const done = completedAt.get(key);
    return { key, kind, points: taskPoints(key), ...derived, completedAt: done ? done.toISOString() : null };
  });

  return {
    day: {
      key: today,
      resetsAt: startOfNextDay(now, timeZone).toISOString(),
      zoneLabel: utcOffsetLabel(now, timeZone),
      timeZone,
    },
    caps: {
      ads: { used: adsUsed, limit: ADS_PER_DAY, points: POINTS_PER_AD },
      daily: { used: dailyUsed, limit: DAILY_TASKS_PER_DAY, points: POINTS_PER_DAILY_TASK },
    },
    streak: {
      ...streakView(
        { current: profile.streakCurrent, best: profile.streakBest, lastDay: profile.streakLastDay },
        today,
      ),
      bonusEvery: STREAK_BONUS_EVERY,
      bonusPoints: STREAK_BONUS_POINTS,
    },
    ads: { shown: !canUse(viewer.level, 'ad_free'), minViewSeconds: clock.minViewSeconds },
    referral: { code, path: `/auth?mode=signup&ref=${code}`, ...referral },
    tasks,
  } satisfies TasksResponse;
}

/**
 * POST /api/tasks/claim: a task whose condition the server checks itself — check-in, a progress task whose distinct
 * items reached the target today (should the automatic credit have missed), a complete profile (name and avatar), an
 * invited friend who verified their e-mail, a share link someone else opened today. Unlisted tasks cannot be claimed.
 */
export async function claimTask(
  db: Db,
  viewer: Viewer & { userId: string },
  key: TaskKey,
  clock: TaskClock,
): Promise<CreditResponse> {
  const { userId } = viewer;
  if (!(LISTED_TASKS as string[]).includes(key)) throw new AppError('TASK_NOT_CLAIMABLE');
  const feature = taskFeature(key);
  if (feature) assertCanUse(viewer, feature);
  if (isProgressTask(key)) {
    const events = await countTaskEvents(db, userId, dayKey(clock.now, clock.timeZone));
    if ((events.get(key) ?? 0) < TASKS[key].target) throw new AppError('TASK_NOT_READY');
  }
  if (key === 'achievement.complete_profile') {
    const profile = await selectTaskProfile(db, userId);
    if (!profile?.name?.trim() || !profile.avatarUrl?.trim()) throw new AppError('TASK_NOT_READY');
  }
  // The first counted open of a share link credits the task itself; a claim catches up on a credit that missed.
  if (key === 'daily.share_project') {
    const share = await selectShareProgress(db, userId, dayKey(clock.now, clock.timeZone));
    if (!share.opened) throw new AppError('TASK_NOT_READY');
  }
  if (key === 'achievement.invite_friend' && !(await hasVerifiedReferral(db, userId))) {
    throw new AppError('TASK_NOT_READY');
  }
  // Adding to a watchlist credits these itself; a claim only catches up on a credit that missed (today's add / any item).
  if (key === 'daily.add_watchlist' || key === 'achievement.first_watchlist') {
    const since = key === 'daily.add_watchlist' ? startOfDay(clock.now, clock.timeZone) : new Date(0);
    if (!(await hasWatchlistItemSince(db, userId, since))) throw new AppError('TASK_NOT_READY');
  }
  return creditTask(db, userId, { task: key }, clock);
}

/** GET /api/me/tasks: the user's completed tasks (ads included), newest first. */
export async function listUserTasks(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<UserTasksResponse> {
  const { rows, total } = await selectUserTasks(db, userId, page);
  return {
    items: rows.map((row) => ({
      key: row.taskKey,
      kind: row.taskType,
      points: row.pointsAwarded,
      completedAt: row.completedAt.toISOString(),
    })),
    total,
    ...page,
  };
}
