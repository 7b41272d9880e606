import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import type { Job } from '../runs/job.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { createFreshDatabase } from '../test/build-test-app.ts';
import { insertProject, insertSector } from '../test/factories.ts';
import { runHeatRecompute } from './heat.job.ts';

// Two app instances on one PostgreSQL, both with the scheduler on: every slot must run once, not twice, and a run
// that outlasts its slot must not overlap the next one on the other instance. Needs TEST_DATABASE_URL.

const heatEverySecond: Job = { name: 'heat', everyMs: 1_000, run: runHeatRecompute };
const slowEverySecond: Job = {
  name: 'slow',
  everyMs: 1_000,
  run: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { counts: {}, errors: [] };
  },
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduler across two instances on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  const instances: { app: App; runtime: Runtime }[] = [];

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'true',
      CATALOGUE_AUTOLOAD: 'false',
      DATABASE_URL: fresh?.url,
      WEB_DIST_DIR: '/nonexistent',
    });
    for (let i = 0; i < 2; i++) {
      const runtime = await openRuntime(config);
      if (i === 0) {
        await insertSector(runtime.handle.db, { id: 'defi', name: 'DeFi' });
        // Two inputs each: a project needs MIN_EVIDENCE_SIGNALS (2) to be scored and to get history rows.
        await insertProject(runtime.handle.db, { id: 'a', category: 'DeFi', marketCap: 1e9, volume24h: 5e7 });
        await insertProject(runtime.handle.db, {
          id: 'b',
          category: 'DeFi',
          followersTwitter: 50_000,
          followersTelegram: 8_000,
        });
      }
      const deps = {
        config,
        db: runtime.handle.db,
        dbKind: runtime.handle.kind,
        events: runtime.events,
        cache: runtime.cache,
      };
      instances.push({
        app: await buildApp(deps, { logger: false, jobs: [heatEverySecond, slowEverySecond] }),
        runtime,
      });
    }
    // Start both within the same second, as two servers behind a load balancer would be.
    await Promise.all(instances.map(({ app }) => app.ready()));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await Promise.all(instances.map(({ app }) => app.close()));
  }, 60_000);

  afterAll(async () => {
    for (const { runtime } of instances) await runtime.close();
    await fresh?.drop();
  });

  test('each heat slot ran exactly once, and each run wrote exactly one set of history rows', async () => {
    const db = instances[0]!.runtime.handle.db;
    const runs = await queryRows<{ slot: string; n: number }>(
      db,
      sql`SELECT scheduled_for::text AS slot, count(*)::int AS n FROM sync_runs WHERE job = 'heat' GROUP BY 1`,
    );
    // Per run: one sector row, and at most one row per project (change-only history writes a project's row at its
    // first run of the hour and where it moved: docs/heat-score.md §7.2). heat_runs lists each run once.
    const perRun = await queryRows<{ at: string; sectors: number; projects: number }>(
      db,
      sql`SELECT computed_at::text AS at, count(*) FILTER (WHERE entity_type = 'sector')::int AS sectors,
            count(*) FILTER (WHERE entity_type = 'project')::int AS projects
          FROM heat_history GROUP BY 1`,
    );
    const listed = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM heat_runs`);

    expect(runs.length).toBeGreaterThanOrEqual(3); // ~4 one-second slots elapsed
    expect(runs.every((r) => r.n === 1)).toBe(true);
    expect(perRun).toHaveLength(runs.length);
    expect(listed[0]?.n).toBe(runs.length);
    expect(perRun.every((run) => run.sectors === 1 && run.projects <= 2)).toBe(true); // 2 projects, never doubled
  });

  test('a run longer than its interval is never overlapped by the other instance', async () => {
    const db = instances[0]!.runtime.handle.db;
    const rows = await queryRows<{ started: string; finished: string; instance: string }>(
      db,
      sql`SELECT started_at::text AS started, finished_at::text AS finished, instance
          FROM sync_runs WHERE job = 'slow' ORDER BY started_at`,
    );

    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rows.length; i++) {
      expect(Date.parse(rows[i]!.started)).toBeGreaterThanOrEqual(Date.parse(rows[i - 1]!.finished));
    }
  });
});
