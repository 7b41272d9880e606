import { z } from 'zod';

// HTTP contract of the sync log: GET /api/sync/status (jobs, their runs, and each data source's freshness).

/**
 * A finished run: `partial` = some requests failed and some succeeded; `skipped` = nothing to do (source only);
 * `cancelled` = stopped by a server shutdown before it finished (the next run resumes its work).
 */
export const RUN_STATUSES = ['running', 'success', 'partial', 'failed', 'skipped', 'cancelled'] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** The ingestion sources, plus the built-in catalogue's labelled sample as a pseudo-source. */
export const SYNC_SOURCES = [
  'defillama',
  'coingecko',
  'github',
  'x',
  'telegram',
  'discord',
  'gdelt',
  'wikipedia',
  'reddit',
  'chains',
  'raises',
  'logos',
  'catalogue',
] as const;
export const SyncSourceSchema = z.enum(SYNC_SOURCES);
export type SyncSource = z.infer<typeof SyncSourceSchema>;

export const SyncErrorSchema = z.object({ job: z.string(), at: z.iso.datetime(), message: z.string() });

export const SyncJobStateSchema = z.object({
  job: z.string(),
  lastRunAt: z.iso.datetime().nullable(),
  lastStatus: RunStatusSchema.nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** The next scheduled run (UTC cron of the registry); null when the scheduler is off on this instance. */
  nextRunAt: z.iso.datetime().nullable(),
});
export type SyncJobState = z.infer<typeof SyncJobStateSchema>;

/** What a run of a source reported: units are the source's own (market pages and calls, projects for the rest). */
export const RunTallySchema = z.object({
  requested: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type RunTally = z.infer<typeof RunTallySchema>;

/**
 * How a source stands, worst first: `failing` (its last run failed), `partial` (its last run had failures), `stale`
 * (no successful run within twice its refresh interval, src/shared/staleness.ts), `unconfigured` (a required key,
 * token or account is missing: it is skipped), `never-run` (configured, no run yet), `ok`, and `sample` for the
 * catalogue pseudo-source (labelled sample values, never refreshed).
 */
export const SOURCE_STATES = ['failing', 'partial', 'stale', 'unconfigured', 'never-run', 'ok', 'sample'] as const;
export const SourceStateSchema = z.enum(SOURCE_STATES);
export type SourceState = z.infer<typeof SourceStateSchema>;

export const SourceFreshnessSchema = z.object({
  source: SyncSourceSchema,
  state: SourceStateSchema,
  /** False when the source cannot run: a required setting is missing (see `setting`). */
  configured: z.boolean(),
  /**
   * What an operator sets for this source: `required` ones must be set for it to run (TELEGRAM_BOT_TOKEN; X needs
   * SECRET_KEY and an active account added under /admin); `optional` ones raise its limits (COINGECKO_API_KEY,
   * GITHUB_TOKEN). Reddit needs REDDIT_CLIENT_ID (with REDDIT_CLIENT_SECRET). Null when it needs nothing.
   */
  setting: z
    .object({
      name: z.enum([
        'COINGECKO_API_KEY',
        'GITHUB_TOKEN',
        'TELEGRAM_BOT_TOKEN',
        'SECRET_KEY',
        'X_ACCOUNTS',
        'REDDIT_CLIENT_ID',
      ]),
      required: z.boolean(),
      set: z.boolean(),
    })
    .nullable(),
  /** The jobs that run it (its own job and full-sync). */
  jobs: z.array(z.string()),
  lastRunAt: z.iso.datetime().nullable(),
  lastStatus: RunStatusSchema.nullable(),
  /** What the last finished run reported; null before the first run. */
  lastTally: RunTallySchema.nullable(),
  /** The newest run that finished as success or partial (it wrote data). */
  lastSuccessAt: z.iso.datetime().nullable(),
  /** The newest recorded error of this source, already safe for the public (no secrets, no query parameters). */
  lastError: z.object({ at: z.iso.datetime(), message: z.string() }).nullable(),
  nextRunAt: z.iso.datetime().nullable(),
  /** Projects holding a value from this source, and how many of them are stale (flagged or too old). */
  projects: z.number().int(),
  staleProjects: z.number().int(),
  /** The newest value this source wrote (for the catalogue: its sample date). */
  dataAsOf: z.iso.datetime().nullable(),
  stale: z.boolean(),
});
export type SourceFreshness = z.infer<typeof SourceFreshnessSchema>;

/**
 * The whole instance, worst first: `failed` (a job's or configured source's last run failed), `degraded` (a partial
 * run, a stale source, or a source that will never run because the scheduler is off), `pending` (the first runs are
 * still to come), `operational` (every job's last run succeeded, every configured source has run and is fresh).
 * Unconfigured sources do not lower it; they are listed with what to set.
 */
export const SYNC_HEALTH = ['failed', 'degraded', 'pending', 'operational'] as const;
export const SyncHealthSchema = z.enum(SYNC_HEALTH);
export type SyncHealth = z.infer<typeof SyncHealthSchema>;

/** Finished runs of one kind (see SyncStatusResponseSchema.metrics.external / internal). */
export const RunCountsSchema = z.object({
  total: z.number().int(),
  successful: z.number().int(),
  partial: z.number().int(),
  failed: z.number().int(),
  /** The newest of these runs that finished as success or partial; null when none ever did. */
  lastSuccessAt: z.iso.datetime().nullable(),
});
export type RunCounts = z.infer<typeof RunCountsSchema>;

/** GET /api/sync/status — the spec's sync state as the server sees it (the browser adds isOnline). */
export const SyncStatusResponseSchema = z.object({
  /** When this answer was computed (the clock staleness is measured against). */
  asOf: z.iso.datetime(),
  health: SyncHealthSchema,
  /** False when this instance runs no scheduled jobs (JOBS_ENABLED=false). */
  jobsEnabled: z.boolean(),
  /** The newest job-level run that finished as success or partial. */
  lastSync: z.iso.datetime().nullable(),
  syncInProgress: z.boolean(),
  /** The last 3 errors, newest first. */
  errors: z.array(SyncErrorSchema),
  metrics: z.object({
    /** Finished job-level runs: successful + partial + failed. */
    totalSyncs: z.number().int(),
    successfulSyncs: z.number().int(),
    /** Runs in which some of the work failed: neither successful nor failed. */
    partialSyncs: z.number().int(),
    failedSyncs: z.number().int(),
    /** Milliseconds of the last finished run. */
    lastSyncDuration: z.number().int().nullable(),
    /**
     * Runs of the outside data sources, one per source per run (`ingest:<source>`): successful here means a source
     * answered. The job totals above also count internal work (heat every 5 minutes), so they alone read as healthy
     * on an instance no source ever answered.
     */
    external: RunCountsSchema,
    /** Runs of the jobs that read no outside source (heat, cleanup, retention, exports, …). */
    internal: RunCountsSchema,
  }),
  jobs: z.array(SyncJobStateSchema),
  sources: z.array(SourceFreshnessSchema),
});
export type SyncStatusResponse = z.infer<typeof SyncStatusResponseSchema>;
