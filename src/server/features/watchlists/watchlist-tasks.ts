import type { CreditResponse } from '../../../shared/api/tasks.schema.ts';
import type { TaskKey } from '../../../shared/membership/tasks.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { mayEarnPoints } from '../auth/verification.service.ts';
import { creditTask, type TaskClock } from '../tasks/credit.service.ts';

const WATCHLIST_TASKS: TaskKey[] = ['daily.add_watchlist', 'achievement.first_watchlist'];

/**
 * After an item was really added: the day's "add to a watchlist" task and the once-ever first-item achievement. A task
 * already credited or a full day is a normal outcome (the add itself succeeded), as in progress.service.
 */
export async function creditWatchlistTasks(db: Db, userId: string, clock: TaskClock): Promise<CreditResponse[]> {
  // An unverified e-mail earns nothing (the add itself is browsing, and stays open).
  if (!(await mayEarnPoints(db, userId))) return [];
  const credited: CreditResponse[] = [];
  for (const task of WATCHLIST_TASKS) {
    try {
      credited.push(await creditTask(db, userId, { task }, clock));
    } catch (error) {
      if (error instanceof AppError && (error.code === 'TASK_ALREADY_DONE' || error.code === 'DAILY_TASK_LIMIT'))
        continue;
      throw error;
    }
  }
  return credited;
}
