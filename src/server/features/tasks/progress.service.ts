import { createHash } from 'node:crypto';
import type { CreditResponse } from '../../../shared/api/tasks.schema.ts';
import { TASKS } from '../../../shared/membership/tasks.ts';
import { dayKey } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { mayEarnPoints } from '../auth/verification.service.ts';
import { creditTask, taskIdempotencyKey } from './credit.service.ts';
import { countTaskEvents, insertTaskEvent, isCredited } from './tasks.queries.ts';

/** The daily tasks whose progress the server counts from what the user opens (never from what a client reports). */
export const PROGRESS_TASKS = [
  'daily.view_projects',
  'daily.view_sector',
  'daily.view_history',
  'daily.run_search',
] as const;
export type ProgressTask = (typeof PROGRESS_TASKS)[number];

const MAX_ITEM_LENGTH = 200;

/** An item as stored: trimmed and lower-cased; a long one (a search query) by its hash, to keep rows small. */
function normaliseItem(item: string): string {
  const value = item.trim().toLowerCase();
  if (value.length <= MAX_ITEM_LENGTH) return value;
  return `sha256:${createHash('sha256').update(value).digest('hex')}`;
}

export type RecordResult = { recorded: boolean; credited: CreditResponse | null };

/**
 * Records that the user reached `item` for a progress task today (a project id, a sector id, a search query) and
 * credits the task once its target of distinct items is reached. A repeat of the same item that day is one cheap
 * INSERT … ON CONFLICT DO NOTHING and nothing else. A credit refused because the task is done or the day's cap is
 * used up is not an error here: the view itself succeeded.
 */
export async function recordTaskEvent(
  db: Db,
  userId: string,
  taskKey: ProgressTask,
  item: string,
  now: Date,
  timeZone: string,
): Promise<RecordResult> {
  const day = dayKey(now, timeZone);
  const recorded = await insertTaskEvent(db, { userId, taskKey, day, item: normaliseItem(item), createdAt: now });
  if (!recorded) return { recorded, credited: null };
  const target = TASKS[taskKey].target;
  const done = target === 1 ? 1 : ((await countTaskEvents(db, userId, day)).get(taskKey) ?? 0);
  if (done < target) return { recorded, credited: null };
  // Past the target, later items only cost this one indexed read.
  if (await isCredited(db, userId, taskIdempotencyKey(taskKey, day))) return { recorded, credited: null };
  if (!(await mayEarnPoints(db, userId))) return { recorded, credited: null }; // counted; no credit until verified
  try {
    return { recorded, credited: await creditTask(db, userId, { task: taskKey }, { now, timeZone }) };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'TASK_ALREADY_DONE' || error.code === 'DAILY_TASK_LIMIT')) {
      return { recorded, credited: null };
    }
    throw error;
  }
}
