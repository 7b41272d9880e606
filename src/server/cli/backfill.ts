import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { type BackfillResult, runBackfill } from '../features/backfill/backfill.service.ts';
import { BACKFILL_JOB, toBackfillOutcome } from '../features/backfill/backfill-run.service.ts';
import type { HistorySource } from '../features/backfill/backfill-sources.ts';
import { runRecordedJob } from '../runs/run-log.ts';

// npm run ingest -- --backfill N: N days (1–365) of daily history from every history source, then past days' heat.

export type BackfillCliOptions = {
  progress?: NodeJS.WritableStream;
  now?: () => Date;
  /** Tests pass their own sources. */
  sources?: HistorySource[];
};

/** The summary printed after a backfill: one row per source, then the values and history rows written. */
export function formatBackfillSummary(result: BackfillResult): string {
  const lines = [`history ${result.fromDay} … ${result.toDay} (${result.history.days} days)`];
  lines.push('source     due   done  none  failed  skipped');
  for (const [name, t] of Object.entries(result.sources)) {
    const cells = [t.due, t.done, t.none, t.failed, t.skipped].map((n, i) => String(n).padStart(i === 0 ? 3 : 5));
    lines.push(`${name.padEnd(10)} ${cells.join(' ')}`);
  }
  lines.push(`daily values: ${result.values.inserted} new, ${result.values.updated} changed`);
  lines.push(
    `history rows: ${result.history.historyInserted} new, ${result.history.historyUpdated} changed (heat model ${result.history.model})`,
  );
  lines.push(`momentum from history: ${result.momentum} projects`);
  lines.push(
    `time: fetch ${(result.timingsMs.fetch / 1000).toFixed(1)} s, recompute ${(result.timingsMs.recompute / 1000).toFixed(1)} s`,
  );
  for (const error of result.errors.slice(0, 5)) lines.push(`  ${error.slice(0, 120)}`);
  return lines.join('\n');
}

/**
 * Runs the backfill as a recorded `history-backfill` run (trigger cli; the background job's lock, so the two never
 * overlap) with a progress bar over (project, source) pairs. Exit code 0 on success, 1 when pairs failed or the job
 * is already running elsewhere.
 */
export async function runBackfillCommand(
  handle: Pick<DbHandle, 'db' | 'kind'>,
  config: Config,
  days: number,
  options: BackfillCliOptions = {},
): Promise<{ code: number; out: string; result?: BackfillResult }> {
  const now = options.now ?? (() => new Date());
  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: ' backfill [{bar}] {value}/{total}',
          stream: options.progress,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(1, 0);
  let result: BackfillResult | undefined;
  const db = handle.db;
  const run = await runRecordedJob(
    db,
    handle.kind,
    { job: BACKFILL_JOB, trigger: 'cli', instance: 'cli', now },
    async () => {
      result = await runBackfill(
        { db, config },
        {
          days,
          now: now(),
          sources: options.sources,
          onProgress: (done, total) => {
            bar?.setTotal(Math.max(total, 1));
            bar?.update(done);
          },
        },
      );
      return toBackfillOutcome(result);
    },
  );
  bar?.stop();
  if (!run.ran) return { code: 1, out: 'a history backfill is already running (another instance or the server)' };
  if (!result) return { code: 1, out: run.outcome.errors.join('\n') || 'backfill failed' };
  return { code: run.status === 'success' ? 0 : 1, out: formatBackfillSummary(result), result };
}
