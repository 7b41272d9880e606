import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobOutcome } from '../../runs/job.ts';
import { hasSucceededRun } from '../../runs/run-history.ts';
import { type BackfillOptions, type BackfillResult, runBackfill } from './backfill.service.ts';

/** The sync-log name of every backfill run (the background job's and the CLI's: they share its lock). */
export const BACKFILL_JOB = 'history-backfill';

/** A backfill's result as a sync-log outcome: partial when some pairs failed or were left, failed when none worked. */
export function toBackfillOutcome(result: BackfillResult): JobOutcome {
  const counts: Record<string, number> = {
    days: result.history.days,
    valuesInserted: result.values.inserted,
    valuesUpdated: result.values.updated,
    historyInserted: result.history.historyInserted,
    historyUpdated: result.history.historyUpdated,
    momentum: result.momentum,
  };
  let due = 0;
  let failed = 0;
  for (const [source, t] of Object.entries(result.sources)) {
    counts[`${source}.done`] = t.done;
    counts[`${source}.failed`] = t.failed;
    due += t.due;
    failed += t.failed;
  }
  const left = result.errors.length > 0 || failed > 0;
  const status = due > 0 && failed >= due ? 'failed' : left ? 'partial' : 'success';
  return { counts, errors: result.errors, status };
}

/** True once a backfill run has finished without failures: the background job then has nothing left to do. */
export function hasCompletedBackfill(db: Db): Promise<boolean> {
  return hasSucceededRun(db, BACKFILL_JOB);
}

/**
 * The background backfill after the first start (jobs/history-backfill.job.ts): BACKFILL_DAYS of history once; a run
 * that was interrupted or partly failed is resumed by the next (the progress records skip what is stored). Nothing to
 * do once a run succeeded, or when BACKFILL_DAYS is 0.
 */
export async function runBackgroundBackfill(
  deps: { db: Db; config: Config; signal?: AbortSignal },
  now: Date,
  options: Pick<BackfillOptions, 'sources'> = {},
): Promise<JobOutcome> {
  if (deps.config.BACKFILL_DAYS === 0) return { counts: { disabled: 1 }, errors: [] };
  if (await hasCompletedBackfill(deps.db)) return { counts: { alreadyDone: 1 }, errors: [] };
  return toBackfillOutcome(await runBackfill(deps, { ...options, days: deps.config.BACKFILL_DAYS, now }));
}
