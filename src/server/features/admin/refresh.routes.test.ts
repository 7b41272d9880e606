import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RefreshStartedResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import { queryRows } from '../../db/client.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';

// "Refresh all data": the full sync started now. Every source points at a local fake server that
// answers 503 slowly, so the run is in progress long enough to be refused a second time and then ends as failed.

let fake: FakeServer;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  fake = await startFakeServer(() => ({ status: 503, body: {}, delayMs: 150 }));
  const base = fake.url;
  t = await buildTestApp({
    catalogue: false,
    env: {
      ...FAST_INGEST_ENV,
      DEFILLAMA_BASE_URL: `${base}/llama`,
      COINGECKO_BASE_URL: `${base}/cg`,
      GITHUB_BASE_URL: `${base}/gh`,
      X_BASE_URL: `${base}/x`,
      TELEGRAM_BASE_URL: `${base}/tg`,
      DISCORD_BASE_URL: `${base}/dc`,
      GDELT_BASE_URL: `${base}/gdelt`,
      WIKIMEDIA_BASE_URL: `${base}/wiki`,
      REDDIT_AUTH_URL: `${base}/reddit-auth`,
      REDDIT_BASE_URL: `${base}/reddit`,
    },
  });
  admin = await signUpAdmin(t.app, t.db, 'ops@example.com');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function waitForFinishedRun(): Promise<{ status: string; trigger: string }> {
  for (let i = 0; i < 600; i++) {
    const rows = await queryRows<{ status: string; trigger: string }>(
      t.db,
      sql`SELECT status, trigger FROM sync_runs WHERE job = 'full-sync' AND status <> 'running'`,
    );
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the full sync did not finish in 60 s');
}

test('refresh starts the full sync (202), refuses a second one while it runs (409), and records it', async () => {
  const first = await admin.request({ method: 'POST', url: '/api/admin/maintenance/refresh', payload: {} });
  const second = await admin.request({ method: 'POST', url: '/api/admin/maintenance/refresh?lang=en', payload: {} });

  expect(first.statusCode).toBe(202);
  expect(RefreshStartedResponseSchema.parse(first.json()).job).toBe('full-sync');
  expect(second.statusCode).toBe(409);
  expect(second.json().error.code).toBe('MAINTENANCE_RUNNING');
  const run = await waitForFinishedRun();
  expect(run.trigger).toBe('manual');
  expect(['failed', 'partial']).toContain(run.status); // every source answered 503
  const sources = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM sync_runs WHERE job LIKE 'ingest:%' AND status <> 'running'`,
  );
  expect(sources[0]?.n).toBeGreaterThan(0);
  expect(fake.requests.length).toBeGreaterThan(0);
}, 90_000);
