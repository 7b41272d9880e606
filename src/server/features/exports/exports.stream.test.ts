import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { refreshTableStatistics } from '../../db/maintenance.ts';
import { exports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { seedSynthetic } from '../synthetic/synthetic.service.ts';
import { runExport } from './export-runner.ts';

// The streaming claim, end to end: every project of a large directory through the real source (keyset pages), the
// csv writer and the chunked database storage, with this process's RSS sampled meanwhile (PGlite runs in-process, so
// its memory counts too). Speed is `npm run bench -- --only exports`; EXPORTS_STREAM_ROWS=100000 gives the size here.
const ROWS = Number(process.env.EXPORTS_STREAM_ROWS ?? 20_000);

describe('a large directory export streams', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await seedSynthetic(t.db, { count: ROWS, seed: 16, now: new Date() });
    // As after every recompute (and autovacuum on PostgreSQL): the planner knows the table's size.
    await refreshTableStatistics(t.db, t.handle.kind, ['projects', 'project_scores']);
  }, 600_000);
  afterAll(() => t.close());

  test(`${ROWS} rows as csv: RSS growth under 100 MB, every row in the stored chunks (the time is the bench's)`, async () => {
    const { me } = await signUpAgent(t.app, 'stream-vip@example.com');
    const [row] = await t.db
      .insert(exports)
      .values({
        userId: me.user?.id as string,
        source: { kind: 'directory', filters: {} },
        options: { format: 'csv', language: 'zh', includeMetadata: false },
        rowCap: null,
      })
      .returning();
    global.gc?.();
    const base = process.memoryUsage().rss;
    const heapBase = process.memoryUsage().heapUsed;
    let peak = base;
    let heapPeak = heapBase;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      heapPeak = Math.max(heapPeak, usage.heapUsed);
    }, 20);
    const started = performance.now();

    const result = await runExport({ db: t.db, dbKind: t.handle.kind, config: t.config }, row?.id as string);

    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growthMb = (peak - base) / 1024 / 1024;
    const [stored] = await queryRows<{ rows: number; chunks: number; bytes: number }>(
      t.db,
      sql`SELECT e.row_count AS rows, count(c.seq)::int AS chunks, sum(length(c.data))::float8 AS bytes
          FROM exports e JOIN export_chunks c ON c.export_id = e.id WHERE e.id = ${row?.id} GROUP BY e.row_count`,
    );
    console.log(
      `export stream (${t.handle.kind}): ${ROWS} rows, ${seconds.toFixed(2)} s, ${((stored?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB in ${stored?.chunks} chunks, RSS growth ${growthMb.toFixed(1)} MB, heap growth ${((heapPeak - heapBase) / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(result).toBe('completed');
    expect(stored?.rows).toBe(ROWS);
    expect(growthMb).toBeLessThan(100);
  }, 120_000);
});
