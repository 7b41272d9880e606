import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../../sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runBackgroundBackfill } from './backfill-run.service.ts';

// The background job's service: resumes what an earlier run left (failed pairs only), then stops once one run
// succeeded. The GitHub source is "down" for the first run.
describe('background history backfill', () => {
  const now = new Date();
  let fake: FakeServer;
  let t: TestApp;
  let githubDown = true;

  beforeAll(async () => {
    const route = fakeHistoryRoute(() => now);
    fake = await startFakeServer((request) =>
      githubDown && request.path.startsWith('/github') ? { status: 503, body: {} } : route(request),
    );
    t = await buildTestApp({
      catalogue: false,
      env: { ...FAST_INGEST_ENV, ...fakeHistoryEnv(fake.url), BACKFILL_DAYS: '14' },
    });
    await insertProject(t.db, { id: 'alpha', name: 'Alphaswap', symbol: 'ALP' });
    await t.db.execute(
      sql`UPDATE projects SET coingecko_id = 'alpha', github_orgs = ARRAY['alpha-org'] WHERE id = 'alpha'`,
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const progress = () =>
    queryRows<{ source: string; status: string }>(
      t.db,
      sql`SELECT source, status FROM backfill_progress ORDER BY source`,
    );

  test('a partial run records the failed pair; the next run asks only for it; then nothing is left to do', async () => {
    const first = await runBackgroundBackfill({ db: t.db, config: t.config }, now);
    expect(first.status).toBe('partial');
    expect(await progress()).toEqual([
      { source: 'coingecko', status: 'done' },
      { source: 'gdelt', status: 'done' },
      { source: 'github', status: 'failed' },
    ]);
    githubDown = false;
    fake.requests.length = 0;
    const second = await runBackgroundBackfill({ db: t.db, config: t.config }, now);
    expect(second.status).toBe('success');
    expect(new Set(fake.requests.map((r) => r.path.split('/')[1]))).toEqual(new Set(['github']));
    expect(second.counts.historyUpdated).toBeGreaterThan(0); // the days gained commits
    // The job's own run log decides "done": with a successful run recorded, the service does nothing.
    await t.db.execute(
      sql`INSERT INTO sync_runs (job, trigger, status, started_at) VALUES ('history-backfill', 'startup', 'success', now())`,
    );
    fake.requests.length = 0;
    expect((await runBackgroundBackfill({ db: t.db, config: t.config }, now)).counts).toEqual({ alreadyDone: 1 });
    expect(fake.requests).toHaveLength(0);
  }, 120_000);
});
