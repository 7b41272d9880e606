import { describe, expect, test } from 'vitest';
import type { SourceFreshness, SyncStatusResponse } from '../../../shared/api/sync.schema.ts';
import type { HealthResponse } from '../../../shared/api/system.schema.ts';
import { headlineState, listProblems } from './status-state.ts';

const up: HealthResponse = {
  status: 'ok',
  database: 'pglite',
  migration: '0010',
  projectCount: 191,
  version: '1.0.0',
  uptimeSeconds: 60,
  realtimeStreams: 0,
  readReplicas: [],
};

const source = (overrides: Partial<SourceFreshness>): SourceFreshness => ({
  source: 'coingecko',
  state: 'ok',
  configured: true,
  setting: null,
  jobs: ['ingest-market', 'full-sync'],
  lastRunAt: '2026-11-24T05:00:00.000Z',
  lastStatus: 'success',
  lastTally: { requested: 3, succeeded: 3, failed: 0, skipped: 0 },
  lastSuccessAt: '2026-11-24T05:00:00.000Z',
  lastError: null,
  nextRunAt: '2026-11-24T06:00:00.000Z',
  projects: 10,
  staleProjects: 0,
  dataAsOf: '2026-11-24T05:00:00.000Z',
  stale: false,
  ...overrides,
});

const sync = (overrides: Partial<SyncStatusResponse>): SyncStatusResponse => ({
  asOf: '2026-11-24T05:50:00.000Z',
  health: 'operational',
  jobsEnabled: true,
  lastSync: null,
  syncInProgress: false,
  errors: [],
  metrics: {
    totalSyncs: 0,
    successfulSyncs: 0,
    partialSyncs: 0,
    failedSyncs: 0,
    lastSyncDuration: null,
    external: { total: 0, successful: 0, partial: 0, failed: 0, lastSuccessAt: null },
    internal: { total: 0, successful: 0, partial: 0, failed: 0, lastSuccessAt: null },
  },
  jobs: [],
  sources: [source({})],
  ...overrides,
});

describe('headlineState', () => {
  test('"all systems operational" only when the server is up and the sync state says so', () => {
    const health = { data: up, failed: false, checking: false };

    expect(headlineState(health, { data: sync({}), failed: false })).toBe('operational');
    expect(headlineState(health, { data: sync({ health: 'failed' }), failed: false })).toBe('failed');
    expect(headlineState(health, { data: sync({ health: 'degraded' }), failed: false })).toBe('degraded');
    expect(headlineState(health, { data: undefined, failed: true })).toBe('syncUnknown');
    expect(headlineState(health, { data: undefined, failed: false })).toBe('checking');
  });

  test('the server being down wins over any sync state', () => {
    const data = sync({});

    expect(headlineState({ data: undefined, failed: true, checking: false }, { data, failed: false })).toBe(
      'unreachable',
    );
    expect(
      headlineState(
        { data: { ...up, status: 'unavailable' }, failed: false, checking: false },
        { data, failed: false },
      ),
    ).toBe('unavailable');
  });
});

describe('listProblems', () => {
  test('a failing source is said once, not again for the job that ran it', () => {
    const problems = listProblems(
      sync({
        health: 'failed',
        jobs: [{ job: 'ingest-market', lastRunAt: null, lastStatus: 'failed', lastDurationMs: 1, nextRunAt: null }],
        sources: [source({ state: 'failing', lastStatus: 'failed', stale: true })],
      }),
    );

    expect(problems).toEqual([{ key: 'sourceFailed', source: 'coingecko', at: '2026-11-24T05:00:00.000Z' }]);
  });

  test('partial with its counts, stale, a failed job without a source, and unconfigured sources not at all', () => {
    const problems = listProblems(
      sync({
        jobs: [
          {
            job: 'heat',
            lastRunAt: '2026-11-24T05:45:00.000Z',
            lastStatus: 'failed',
            lastDurationMs: 1,
            nextRunAt: null,
          },
        ],
        sources: [
          source({ state: 'partial', lastTally: { requested: 3, succeeded: 1, failed: 2, skipped: 0 } }),
          source({ source: 'github', state: 'stale', stale: true, lastSuccessAt: '2026-11-20T04:30:00.000Z' }),
          source({ source: 'telegram', state: 'unconfigured', configured: false }),
        ],
      }),
    );

    expect(problems.map((p) => p.key)).toEqual(['jobFailed', 'sourcePartial', 'sourceStale']);
    expect(problems[1]).toMatchObject({ requested: 3, failed: 2 });
  });

  test('a source that never ran waits for its next run, or never runs when the scheduler is off', () => {
    const never = source({ source: 'discord', state: 'never-run', lastRunAt: null, lastSuccessAt: null });

    expect(listProblems(sync({ sources: [never] }))[0]?.key).toBe('sourcePending');
    expect(listProblems(sync({ jobsEnabled: false, sources: [never] }))[0]?.key).toBe('sourceNotScheduled');
  });
});
