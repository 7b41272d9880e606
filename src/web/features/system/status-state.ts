import type { SyncSource, SyncStatusResponse } from '../../../shared/api/sync.schema.ts';
import type { HealthResponse } from '../../../shared/api/system.schema.ts';

/**
 * The /status headline: the server's health first (unreachable, unavailable), then the sync state. "All systems
 * operational" only when the server is up and /api/sync/status says `operational` (every job's last run succeeded,
 * every configured source has run and is fresh).
 */
export type HeadlineState = 'checking' | 'unreachable' | 'unavailable' | 'syncUnknown' | SyncStatusResponse['health'];

export function headlineState(
  health: { data: HealthResponse | undefined; failed: boolean; checking: boolean },
  sync: { data: SyncStatusResponse | undefined; failed: boolean },
): HeadlineState {
  if (health.checking && !health.data) return 'checking';
  if (health.failed) return 'unreachable';
  if (health.data?.status !== 'ok') return 'unavailable';
  if (sync.data) return sync.data.health;
  return sync.failed ? 'syncUnknown' : 'checking';
}

/** One plain sentence about something that is not right: a translation key under `status.problems` and its values. */
export type Problem =
  | { key: 'sourceFailed' | 'sourcePartialNoTally' | 'sourceStale'; source: SyncSource; at: string | null }
  | { key: 'sourcePartial'; source: SyncSource; at: string | null; requested: number; failed: number }
  | { key: 'sourceNeverSucceeded' | 'sourceNotScheduled'; source: SyncSource }
  | { key: 'sourcePending'; source: SyncSource; at: string | null }
  | { key: 'jobFailed' | 'jobPartial'; job: string; at: string | null };

/**
 * What lowers the headline, worst first: failed jobs and sources, partial ones, stale sources, sources still to run.
 * A job that runs sources is not repeated when one of its sources already says the same.
 */
export function listProblems(sync: SyncStatusResponse): Problem[] {
  const problems: Problem[] = [];
  const sources = sync.sources.filter((s) => s.configured && s.source !== 'catalogue');
  const saidBySource = (job: string, state: 'failing' | 'partial') =>
    sources.some((s) => s.jobs.includes(job) && (s.state === state || (state === 'partial' && s.state === 'failing')));
  for (const s of sources.filter((s) => s.state === 'failing')) {
    problems.push({ key: 'sourceFailed', source: s.source, at: s.lastRunAt });
  }
  for (const job of sync.jobs.filter((j) => j.lastStatus === 'failed' && !saidBySource(j.job, 'failing'))) {
    problems.push({ key: 'jobFailed', job: job.job, at: job.lastRunAt });
  }
  for (const s of sources.filter((s) => s.state === 'partial')) {
    problems.push(
      s.lastTally
        ? {
            key: 'sourcePartial',
            source: s.source,
            at: s.lastRunAt,
            requested: s.lastTally.requested,
            failed: s.lastTally.failed + s.lastTally.skipped,
          }
        : { key: 'sourcePartialNoTally', source: s.source, at: s.lastRunAt },
    );
  }
  for (const job of sync.jobs.filter((j) => j.lastStatus === 'partial' && !saidBySource(j.job, 'partial'))) {
    problems.push({ key: 'jobPartial', job: job.job, at: job.lastRunAt });
  }
  for (const s of sources.filter((s) => s.stale && s.state !== 'failing' && s.state !== 'partial')) {
    problems.push(
      s.lastSuccessAt
        ? { key: 'sourceStale', source: s.source, at: s.lastSuccessAt }
        : { key: 'sourceNeverSucceeded', source: s.source },
    );
  }
  for (const s of sources.filter((s) => s.state === 'never-run')) {
    problems.push(
      sync.jobsEnabled
        ? { key: 'sourcePending', source: s.source, at: s.nextRunAt }
        : { key: 'sourceNotScheduled', source: s.source },
    );
  }
  return problems;
}
