import type { RunTally } from '../../../shared/api/sync.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { safeErrorMessage } from '../../log-redaction.ts';
import type { TtlCache } from '../../sources/ttl-cache.ts';
import type { SourceName } from './metric-fields.ts';

/**
 * What every ingestion service needs: a subset of AppDeps (a job's context fits as is); events, `now` and `signal` are
 * optional so tests and the CLI can leave them out.
 */
export type IngestDeps = Pick<AppDeps, 'db' | 'config'> & {
  events?: Pick<AppDeps['events'], 'publish'>;
  now?: () => Date;
  /**
   * The run's stop signal (a job's `ctx.signal`): every source call takes it, and an aborted run stops at once with
   * the signal's reason instead of finishing its projects (the next run resumes them: they are still due).
   */
  signal?: AbortSignal;
};

export type IngestOptions = {
  /** At most this many projects (or protocols, for discovery). */
  limit?: number;
  /** Called as work advances, for the CLI's progress bar. */
  onProgress?: (done: number, total: number) => void;
  /** CoinGecko ids per /coins/markets request (tests use small pages). */
  pageSize?: number;
  /** A long-lived cache for X responses (the social job keeps one, so the spec's TTLs hold across runs). */
  xCache?: TtlCache<unknown>;
};

/** The outcome of one source's run: counts for the sync log and the CLI table, and every error message. */
export type SourceRunResult = {
  source: SourceName;
  /** True when the source failed as a whole (or every attempted project failed). */
  failed: boolean;
  /** Why nothing was attempted (missing token, no accounts); such a run is not a failure. */
  skipped?: string;
  counts: Record<string, number>;
  /**
   * The work the run was given and how it went, in the source's own unit (CoinGecko: calls; DefiLlama: its one
   * list; GitHub and social sources: projects). `skipped` = due but not attempted (the run stopped early).
   */
  tally: RunTally;
  errors: string[];
  /** Project ids whose stored values changed. */
  updatedIds: string[];
};

export type SourceRunStatus = 'success' | 'partial' | 'failed' | 'skipped';

export function emptyResult(source: SourceName): SourceRunResult {
  return {
    source,
    failed: false,
    counts: {},
    tally: { requested: 0, succeeded: 0, failed: 0, skipped: 0 },
    errors: [],
    updatedIds: [],
  };
}

/**
 * How a source's run is recorded: `skipped` when it could not start (missing token, no account), `failed` when it
 * failed as a whole, `partial` when some of its work failed or was left undone (an error, a failed or skipped tally),
 * else `success`.
 */
export function sourceRunStatus(result: SourceRunResult): SourceRunStatus {
  if (result.skipped) return 'skipped';
  if (result.failed) return 'failed';
  if (result.errors.length > 0 || result.tally.failed > 0 || result.tally.skipped > 0) return 'partial';
  return 'success';
}

/** The text stored in the sync log: a failed query's parameter values are left out (see log-redaction.ts). */
export function errorMessage(error: unknown): string {
  return safeErrorMessage(error);
}
