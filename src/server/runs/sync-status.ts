import { Cron } from 'croner';
import { SAMPLE_SOURCE } from '../../shared/api/common.schema.ts';
import {
  type RunCounts,
  type RunStatus,
  type RunTally,
  type SourceFreshness,
  type SourceState,
  SYNC_SOURCES,
  type SyncHealth,
  type SyncJobState,
  type SyncSource,
  type SyncStatusResponse,
} from '../../shared/api/sync.schema.ts';
import { SOURCE_REFRESH_MS, STALE_AFTER_INTERVALS } from '../../shared/staleness.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { redactSecrets } from '../log-redaction.ts';
import type { Job, JobCatalogue } from './job.ts';
import { toCronPattern } from './job-schedule.ts';
import {
  countUsableXAccounts,
  type RunCounts as RunCountRow,
  selectLastDuration,
  selectLatestRunPerJob,
  selectRunsWithErrors,
  selectSourceData,
  selectSourceRuns,
  selectSyncMetrics,
  selectSyncRunSplit,
} from './run-log.queries.ts';

/** A 'running' row older than this is treated as abandoned (its process died) and not "in progress". */
const RUNNING_STALE_MS = 60 * 60_000;
const MAX_ERRORS = 3; // spec: the error panel shows the last 3

export type SyncStatusDeps = {
  db: Db;
  config: Pick<Config, 'JOBS_ENABLED' | SettingName | 'SECRET_KEY'>;
  /** The app's jobs (passed in): their schedules give the next runs, their `sources` the source rows' runners. */
  jobs: JobCatalogue;
};
type SettingName =
  | 'COINGECKO_API_KEY'
  | 'GITHUB_TOKEN'
  | 'TELEGRAM_BOT_TOKEN'
  | 'REDDIT_CLIENT_ID'
  | 'REDDIT_CLIENT_SECRET';

/**
 * Removes the configured secrets from a stored message before it is shown to the public: messages are stored through
 * safeErrorMessage and sources avoid echoing secrets, this is the last guard (and covers rows written before a fix).
 */
export function redactConfigSecrets(config: SyncStatusDeps['config'], message: string): string {
  const secrets = [
    config.TELEGRAM_BOT_TOKEN,
    config.GITHUB_TOKEN,
    config.COINGECKO_API_KEY,
    config.SECRET_KEY,
    config.REDDIT_CLIENT_SECRET,
  ];
  return redactSecrets(message, secrets, '<redacted>');
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The jobs that read outside sources, as the registry declares them (Job.sources): the rest is internal work. */
function sourceJobNames(catalogue: JobCatalogue): string[] {
  return [...catalogue.scheduled, ...catalogue.startup]
    .filter((job) => (job.sources?.length ?? 0) > 0)
    .map((job) => job.name);
}

function toRunCounts(row: RunCountRow): RunCounts {
  const { total, successful, partial, failed } = row;
  return { total, successful, partial, failed, lastSuccessAt: iso(row.last_success_ms) };
}

/** The next run of a job after `now` from its registry schedule (UTC), or null when the scheduler is off. */
function nextRunOf(job: Job, now: Date, enabled: boolean): Date | null {
  if (!enabled) return null;
  return new Cron(toCronPattern(job), { timezone: 'UTC', paused: true }).nextRun(now);
}

/** What the source needs set, and whether it can run (see SourceFreshnessSchema.setting). */
function settingOf(source: SyncSource, config: SyncStatusDeps['config'], xAccounts: number) {
  const optional = (name: 'COINGECKO_API_KEY' | 'GITHUB_TOKEN') => ({
    configured: true,
    setting: { name, required: false, set: Boolean(config[name]) },
  });
  switch (source) {
    case 'coingecko':
      return optional('COINGECKO_API_KEY');
    case 'github':
      return optional('GITHUB_TOKEN');
    case 'telegram': {
      const set = Boolean(config.TELEGRAM_BOT_TOKEN);
      return { configured: set, setting: { name: 'TELEGRAM_BOT_TOKEN' as const, required: true, set } };
    }
    case 'reddit': {
      // Both halves of the app's client credentials are needed; the id names the setting.
      const set = Boolean(config.REDDIT_CLIENT_ID && config.REDDIT_CLIENT_SECRET);
      return { configured: set, setting: { name: 'REDDIT_CLIENT_ID' as const, required: true, set } };
    }
    case 'x':
      // The pool's secrets are encrypted with SECRET_KEY; without it no account can be read.
      if (!config.SECRET_KEY)
        return { configured: false, setting: { name: 'SECRET_KEY' as const, required: true, set: false } };
      return {
        configured: xAccounts > 0,
        setting: { name: 'X_ACCOUNTS' as const, required: true, set: xAccounts > 0 },
      };
    default:
      return { configured: true, setting: null };
  }
}

function tallyOf(counts: Record<string, number> | undefined): RunTally | null {
  if (!counts || typeof counts.requested !== 'number') return null;
  return {
    requested: counts.requested,
    succeeded: counts.succeeded ?? 0,
    failed: counts.failed ?? 0,
    skipped: counts.skipped ?? 0,
  };
}

/**
 * The spec's sync state from the sync log, plus each source's freshness and the instance's health (see
 * SyncStatusResponseSchema). Job-level metrics count the scheduler's, the CLI's and manual runs; source rows
 * (`ingest:<source>`) give the per-source state. `now` is the clock staleness and next runs are measured against.
 */
export async function getSyncStatus(deps: SyncStatusDeps, now: Date): Promise<SyncStatusResponse> {
  const { db, config } = deps;
  const scheduled = deps.jobs.scheduled;
  const staleAfter = Object.fromEntries(
    Object.entries(SOURCE_REFRESH_MS).map(([source, ms]) => [source, STALE_AFTER_INTERVALS * ms]),
  );
  const [metrics, split, lastDuration, errorRows, jobRows, sourceRuns, sourceData, xAccounts] = await Promise.all([
    selectSyncMetrics(db, new Date(now.getTime() - RUNNING_STALE_MS)),
    selectSyncRunSplit(db, sourceJobNames(deps.jobs)),
    selectLastDuration(db),
    selectRunsWithErrors(db, MAX_ERRORS),
    selectLatestRunPerJob(db),
    selectSourceRuns(db),
    selectSourceData(db, now, staleAfter),
    config.SECRET_KEY ? countUsableXAccounts(db, now) : Promise.resolve(0),
  ]);
  const enabled = config.JOBS_ENABLED;

  const errors = errorRows
    .flatMap((row) =>
      row.errors.map((message) => ({
        job: row.job,
        at: (row.finishedAt ?? row.startedAt).toISOString(),
        message: redactConfigSecrets(config, message),
      })),
    )
    .slice(0, MAX_ERRORS);

  const byJob = new Map(jobRows.map((row) => [row.job, row]));
  // One cron evaluation per job, shared by the job list and the sources they feed.
  const nextRunMs = new Map(scheduled.map((job) => [job.name, nextRunOf(job, now, enabled)?.getTime()]));
  const jobs: SyncJobState[] = [
    ...scheduled.map((job) => job.name),
    ...jobRows.map((row) => row.job).filter((name) => !scheduled.some((job) => job.name === name)),
  ].map((name) => {
    const row = byJob.get(name);
    const job = scheduled.find((j) => j.name === name);
    return {
      job: name,
      lastRunAt: iso(row?.started_ms),
      lastStatus: (row?.status as RunStatus | undefined) ?? null,
      lastDurationMs: row?.duration_ms ?? null,
      nextRunAt: iso(job ? nextRunMs.get(job.name) : null),
    };
  });

  const sources: SourceFreshness[] = SYNC_SOURCES.map((source) => {
    const dataKey = source === 'catalogue' ? SAMPLE_SOURCE : source;
    const data = sourceData.find((row) => row.source === dataKey);
    const run = sourceRuns.find((row) => row.source === source);
    const runners = scheduled.filter((job) => job.sources?.includes(source));
    const nextRuns = runners.map((job) => nextRunMs.get(job.name)).filter((t) => t !== undefined);
    const { configured, setting } = settingOf(source, config, xAccounts);
    const lastStatus = (run?.last_status as RunStatus | undefined) ?? null;
    const lastSuccessMs = run?.last_success_ms ?? null;
    const window = staleAfter[source];
    const attempted = run !== undefined && !(lastStatus === 'skipped' && lastSuccessMs === null);
    const stale =
      source !== 'catalogue' &&
      configured &&
      attempted &&
      (lastSuccessMs === null || (window !== undefined && now.getTime() - lastSuccessMs > window));
    let state: SourceState;
    if (source === 'catalogue') state = 'sample';
    else if (!configured) state = 'unconfigured';
    else if (lastStatus === 'failed') state = 'failing';
    else if (lastStatus === 'partial') state = 'partial';
    else if (stale) state = 'stale';
    else if (lastSuccessMs === null) state = 'never-run';
    else state = 'ok';
    return {
      source,
      state,
      configured: source === 'catalogue' ? (data?.projects ?? 0) > 0 : configured,
      setting,
      jobs: runners.map((job) => job.name),
      lastRunAt: iso(run?.last_started_ms),
      lastStatus,
      lastTally: tallyOf(run?.last_counts),
      lastSuccessAt: iso(lastSuccessMs),
      lastError:
        run?.last_error && run.last_error_ms !== null
          ? { at: new Date(run.last_error_ms).toISOString(), message: redactConfigSecrets(config, run.last_error) }
          : null,
      nextRunAt: nextRuns.length > 0 ? new Date(Math.min(...nextRuns)).toISOString() : null,
      projects: data?.projects ?? 0,
      staleProjects: data?.stale_projects ?? 0,
      dataAsOf: iso(data?.newest_ms),
      stale,
    };
  });

  return {
    asOf: now.toISOString(),
    health: healthOf(jobs, sources, enabled),
    jobsEnabled: enabled,
    lastSync: iso(metrics.last_sync_ms),
    syncInProgress: metrics.running > 0,
    errors,
    metrics: {
      totalSyncs: metrics.total,
      successfulSyncs: metrics.successful,
      partialSyncs: metrics.partial,
      failedSyncs: metrics.failed,
      lastSyncDuration: lastDuration,
      external: toRunCounts(split.external),
      internal: toRunCounts(split.internal),
    },
    jobs,
    sources,
  };
}

/**
 * The instance's health, worst first (SyncHealthSchema): a failed job or failing configured source → failed; a
 * partial job, a partial or stale source, or a source that will never run (scheduler off) → degraded; a configured
 * source still waiting for its first run → pending; else operational. Unconfigured sources lower nothing.
 */
function healthOf(jobs: SyncJobState[], sources: SourceFreshness[], jobsEnabled: boolean): SyncHealth {
  const states = new Set(sources.map((s) => s.state));
  if (jobs.some((j) => j.lastStatus === 'failed') || states.has('failing')) return 'failed';
  if (jobs.some((j) => j.lastStatus === 'partial') || states.has('partial') || states.has('stale')) return 'degraded';
  if (states.has('never-run')) return jobsEnabled ? 'pending' : 'degraded';
  return 'operational';
}
