import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pointsHistory, taskEvents, userProfiles, userTasks } from '../../db/schema/index.ts';

/** What a credit reads of a profile: the day's counters and the streak. */
const TASK_PROFILE = {
  dailyAdsWatched: userProfiles.dailyAdsWatched,
  dailyTasksCompleted: userProfiles.dailyTasksCompleted,
  lastDailyReset: userProfiles.lastDailyReset,
  streakCurrent: userProfiles.streakCurrent,
  streakBest: userProfiles.streakBest,
  streakLastDay: userProfiles.streakLastDay,
  name: userProfiles.name,
  avatarUrl: userProfiles.avatarUrl,
};
export type TaskProfile = Awaited<ReturnType<typeof selectTaskProfile>>;

/** Locks the profile row for the rest of the transaction: every credit of one user runs one after another. */
export async function lockTaskProfile(db: Db, userId: string) {
  const [row] = await db.select(TASK_PROFILE).from(userProfiles).where(eq(userProfiles.id, userId)).for('update');
  return row;
}

export async function selectTaskProfile(db: Db, userId: string) {
  const [row] = await db.select(TASK_PROFILE).from(userProfiles).where(eq(userProfiles.id, userId));
  return row;
}

export type ProfileCounters = {
  dailyAdsWatched: number;
  dailyTasksCompleted: number;
  lastDailyReset: Date;
  streakCurrent: number;
  streakBest: number;
  streakLastDay: string | null;
  /** +1 to tasks_completed or ads_watched (lifetime). */
  lifetime: 'tasks' | 'ads';
  now: Date;
};

export async function updateProfileCounters(db: Db, userId: string, c: ProfileCounters): Promise<void> {
  await db
    .update(userProfiles)
    .set({
      dailyAdsWatched: c.dailyAdsWatched,
      dailyTasksCompleted: c.dailyTasksCompleted,
      lastDailyReset: c.lastDailyReset,
      streakCurrent: c.streakCurrent,
      streakBest: c.streakBest,
      streakLastDay: c.streakLastDay,
      ...(c.lifetime === 'ads'
        ? { adsWatched: sql`${userProfiles.adsWatched} + 1` }
        : { tasksCompleted: sql`${userProfiles.tasksCompleted} + 1` }),
      updatedAt: c.now,
    })
    .where(eq(userProfiles.id, userId));
}

export async function insertUserTask(db: Db, values: typeof userTasks.$inferInsert): Promise<void> {
  await db.insert(userTasks).values(values);
}

/** The user's task rows completed since `since` (today's), or of the given keys ever (achievements). */
export async function selectCompletedTasks(db: Db, userId: string, since: Date, achievementKeys: string[]) {
  return db
    .select({ taskKey: userTasks.taskKey, completedAt: userTasks.completedAt })
    .from(userTasks)
    .where(
      and(
        eq(userTasks.userId, userId),
        sql`(${gte(userTasks.completedAt, since)} or ${inArray(userTasks.taskKey, achievementKeys)})`,
      ),
    );
}

/** A page of the user's completed tasks, newest first. */
export async function selectUserTasks(db: Db, userId: string, page: { limit: number; offset: number }) {
  const where = eq(userTasks.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userTasks)
      .where(where)
      .orderBy(desc(userTasks.completedAt), desc(userTasks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(userTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Records one distinct item of progress; true when it is new (a repeat of the same item that day changes nothing). */
export async function insertTaskEvent(db: Db, values: typeof taskEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(taskEvents).values(values).onConflictDoNothing().returning({ item: taskEvents.item });
  return rows.length > 0;
}

/** Distinct items per task the user reached on `day`. */
export async function countTaskEvents(db: Db, userId: string, day: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ taskKey: taskEvents.taskKey, n: count() })
    .from(taskEvents)
    .where(and(eq(taskEvents.userId, userId), eq(taskEvents.day, day)))
    .groupBy(taskEvents.taskKey);
  return new Map(rows.map((r) => [r.taskKey, r.n]));
}

/** Whether the ledger already holds this idempotency key for the user (a task credited already). */
export async function isCredited(db: Db, userId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pointsHistory.id })
    .from(pointsHistory)
    .where(and(eq(pointsHistory.userId, userId), eq(pointsHistory.idempotencyKey, key)))
    .limit(1);
  return !!row;
}

/** Whether any item of the user's watchlists was added at or after `since` (the watchlist tasks' claim check). */
export async function hasWatchlistItemSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM watchlist_items i JOIN watchlists w ON w.id = i.watchlist_id
        WHERE w.user_id = ${userId} AND i.added_at >= ${since.toISOString()}::timestamptz LIMIT 1`,
  );
  return rows.length > 0;
}
