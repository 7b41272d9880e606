import type { JobContext, JobOutcome } from '../../runs/job.ts';
import { cancelledMessage, finishSyncRun, openSyncRun, type RunTrigger as SyncTrigger } from '../../runs/run-log.ts';
import { runDefillamaChainTvl } from './chain-tvl.service.ts';
import { runGithubDevelopment } from './developer.service.ts';
import { runDefillamaDiscovery } from './discovery.service.ts';
import { markMetricsStale, selectSourceCategories } from './ingestion.queries.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
  type SourceRunStatus,
  sourceRunStatus,
} from './ingestion.types.ts';
import { runLogoDownloads } from './logos.service.ts';
import { runCoingeckoMarkets } from './market.service.ts';
import { SOURCE_FIELDS, SOURCE_NAMES, type SourceName } from './metric-fields.ts';
import { runGdeltNews } from './news.service.ts';
import { runDefillamaRaises } from './raises.service.ts';
import { runRedditMentions } from './reddit.service.ts';
import { runWikipediaSearchInterest } from './search-interest.service.ts';
import { runDiscordSocial, runTelegramSocial, runXSocial } from './social.service.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { buildAttentionQuery } from './attention-query.ts';
export type { IngestDeps } from './ingestion.types.ts';
export { refreshMomentum } from './momentum.service.ts';

const RUNNERS: Record<SourceName, (deps: IngestDeps, options: IngestOptions) => Promise<SourceRunResult>> = {
  defillama: runDefillamaDiscovery,
  coingecko: runCoingeckoMarkets,
  github: runGithubDevelopment,
  x: (deps, options) => runXSocial(deps, options, options.xCache),
  telegram: runTelegramSocial,
  discord: runDiscordSocial,
  gdelt: runGdeltNews,
  wikipedia: runWikipediaSearchInterest,
  reddit: runRedditMentions,
  chains: runDefillamaChainTvl,
  raises: runDefillamaRaises,
  logos: runLogoDownloads,
};

export type { IngestOptions, SourceName, SourceRunResult, SourceRunStatus };
export { SOURCE_NAMES, sourceRunStatus };

/**
 * Runs one source and records it in the sync log (`sync_runs`, job `ingest:<source>`). A source that fails as a
 * whole keeps every stored value and marks its fields stale; the error is returned, never thrown, so one failing
 * source never blocks the others. Publishes `projects.updated` when values changed. When `deps.signal` is aborted
 * (a shutdown) the run is recorded as cancelled and the signal's reason is thrown, so the job stops.
 */
export async function runIngestionSource(
  deps: IngestDeps,
  source: SourceName,
  trigger: SyncTrigger,
  options: IngestOptions = {},
): Promise<SourceRunResult> {
  const now = () => deps.now?.() ?? new Date();
  const startedAt = now();
  const runId = await openSyncRun(deps.db, `ingest:${source}`, trigger, startedAt);
  let result: SourceRunResult;
  try {
    result = await RUNNERS[source](deps, options);
  } catch (error) {
    if (deps.signal?.aborted) {
      // Stopped by a shutdown: recorded as cancelled (no value marked stale), and the job stops here too.
      const finishedAt = now();
      await finishSyncRun(deps.db, runId, {
        status: 'cancelled',
        finishedAt,
        durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
        counts: {},
        errors: [cancelledMessage(deps.signal)],
      });
      throw error;
    }
    result = {
      ...emptyResult(source),
      failed: true,
      tally: { requested: 1, succeeded: 0, failed: 1, skipped: 0 },
      errors: [errorMessage(error)],
    };
    result.counts.markedStale = await markMetricsStale(deps.db, source, SOURCE_FIELDS[source]).catch(() => 0);
  }
  const finishedAt = now();
  await finishSyncRun(deps.db, runId, {
    status: sourceRunStatus(result),
    finishedAt,
    durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    counts: { ...result.counts, ...result.tally },
    errors: result.skipped ? [`skipped: ${result.skipped}`, ...result.errors] : result.errors.slice(0, 100),
  });
  if (result.updatedIds.length > 0 || result.counts.inserted) await deps.events?.publish({ type: 'projects.updated' });
  return result;
}

/** Runs several sources one after another (discovery first, so new projects get market data in the same run). */
export async function runIngestion(
  deps: IngestDeps,
  sources: readonly SourceName[],
  trigger: SyncTrigger,
  options: IngestOptions & { onSource?: (source: SourceName) => void } = {},
): Promise<SourceRunResult[]> {
  const ordered = SOURCE_NAMES.filter((s) => sources.includes(s));
  const results: SourceRunResult[] = [];
  for (const source of ordered) {
    deps.signal?.throwIfAborted(); // a stopped run opens no further source row
    options.onSource?.(source);
    results.push(await runIngestionSource(deps, source, trigger, options));
  }
  return results;
}

/** The DefiLlama categories seen by discovery with their sector; `unmapped` counts those that went to the fallback. */
export async function getCategoryMappingReport(deps: Pick<IngestDeps, 'db'>) {
  const rows = await selectSourceCategories(deps.db, 'defillama');
  return { unmapped: rows.filter((r) => !r.mapped).length, categories: rows };
}

/**
 * A job's outcome from its sources' runs: counts prefixed by source (its own counts and its tally), how many sources
 * ended in each status (`sources.failed`, …), errors prefixed by source, and the job's status: `failed` when every
 * source that ran failed, `partial` when any source failed or was partial, else `success` (skipped sources — not
 * configured — lower nothing; /api/sync/status lists them as unconfigured).
 */
export function summarizeSourceRuns(results: readonly SourceRunResult[]): Required<JobOutcome> {
  const counts: Record<string, number> = {};
  const errors: string[] = [];
  const byStatus: Record<SourceRunStatus, number> = { success: 0, partial: 0, failed: 0, skipped: 0 };
  for (const result of results) {
    for (const [key, value] of Object.entries({ ...result.counts, ...result.tally })) {
      counts[`${result.source}.${key}`] = value;
    }
    byStatus[sourceRunStatus(result)]++;
    errors.push(...result.errors.map((e) => `${result.source}: ${e}`));
  }
  for (const [status, n] of Object.entries(byStatus)) counts[`sources.${status}`] = n;
  const ran = results.length - byStatus.skipped;
  const status =
    ran > 0 && byStatus.failed === ran ? 'failed' : byStatus.failed + byStatus.partial > 0 ? 'partial' : 'success';
  return { counts, errors, status };
}

/** Runs sources for a scheduled job (see {@link summarizeSourceRuns}). A failing source never throws. */
export async function runSourcesForJob(
  ctx: JobContext,
  sources: SourceName[],
  options: IngestOptions = {},
): Promise<JobOutcome> {
  return summarizeSourceRuns(await runIngestion(ctx, sources, 'schedule', options));
}
