import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compactHeatHistory } from '../features/heat/retention.service.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { queryRows } from './client.ts';
import { ensureMonthPartitions, isHistoryPartitioned, partitionHeatHistory } from './history-partitions.ts';
import { withTransaction } from './transaction.ts';

// Production partitions only PostgreSQL; the statements are plain PostgreSQL, so the test runs on both drivers.

const NOW = new Date('2026-11-21T10:32:00.000Z');

let t: TestApp;

/** 70 days of 15-minute runs for a project and a sector, a backfilled day, and a row from 2019 (the default partition). */
async function seed() {
  await t.db.execute(sql`DELETE FROM heat_history`);
  await t.db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, contributions, model)
    SELECT kind, id, ${NOW.toISOString()}::timestamptz - make_interval(mins => m), m, ARRAY[m, 1]::real[], 'heat-v1'
    FROM generate_series(0, 70 * 24 * 60, 15) AS m, (VALUES ('project', 'p1'), ('sector', 's1')) AS e(kind, id)`);
  await t.db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity, backfilled) VALUES
      ('project', 'p2', '2026-09-20T23:59:59Z', 41, 'heat-v1', 'day', true),
      ('project', 'p2', '2019-03-01T12:00:00Z', 7, 'heat-v1', 'run', false)`);
}

const snapshot = () =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`SELECT entity_type, entity_id, computed_at::text AS at, score, contributions, granularity, backfilled
        FROM heat_history ORDER BY entity_type, entity_id, computed_at`,
  );

const partitionOid = async (name: string) =>
  (await queryRows<{ oid: number | null }>(t.db, sql`SELECT to_regclass(${name})::oid::int8::float8 AS oid`))[0]?.oid ??
  null;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
});
afterAll(() => t.close());

describe('heat_history by month', () => {
  test('retention keeps exactly the rows and counts of one table, and drops aged months whole', async () => {
    await seed();
    const single = await compactHeatHistory(t.db, NOW);
    const singleRows = await snapshot();

    await seed();
    const copied = await withTransaction(t.db, (tx) => partitionHeatHistory(tx, NOW));
    expect(copied).toBe(2 * (70 * 24 * 4 + 1) + 2);
    expect(await isHistoryPartitioned(t.db)).toBe(true);
    const septemberBefore = await partitionOid('heat_history_2026_09');
    expect(septemberBefore).not.toBeNull();

    const partitioned = await compactHeatHistory(t.db, NOW);
    expect(partitioned).toEqual(single);
    expect(await snapshot()).toEqual(singleRows);

    // September ended before the daily cut-off (2026-10-22): its partition was replaced, holding day rows only.
    const septemberAfter = await partitionOid('heat_history_2026_09');
    expect(septemberAfter).not.toBeNull();
    expect(septemberAfter).not.toBe(septemberBefore);
    const [september] = await queryRows<{ n: number; other: number }>(
      t.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE granularity <> 'day')::int AS other
          FROM heat_history_2026_09`,
    );
    expect(september).toEqual({ n: 2 * 19 + 1, other: 0 }); // Sept 12–30 for p1 and s1, plus p2's backfilled day
    // The 2019 row sits in the default partition and is compacted there like any other.
    const [old] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM heat_history_default WHERE granularity = 'day'`,
    );
    expect(old?.n).toBe(1);

    // A second pass at the same time changes nothing.
    expect(await compactHeatHistory(t.db, NOW)).toEqual({
      runsDeleted: 0,
      hourlyKept: 0,
      hourlyDeleted: 0,
      dailyKept: 0,
    });
    expect(await snapshot()).toEqual(singleRows);
  }, 180_000);

  test('coming months are created, taking their rows out of the default partition', async () => {
    // Written while February 2027 had no partition: it went to the default one.
    await t.db.execute(sql`INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model)
      VALUES ('project', 'p3', '2027-02-03T00:00:00Z', 12, 'heat-v1')`);
    const created = await withTransaction(t.db, (tx) => ensureMonthPartitions(tx, new Date('2026-12-15T00:00:00Z')));
    expect(created).toEqual(['heat_history_2027_02']);
    const [moved] = await queryRows<{ inDefault: number; inMonth: number; total: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM heat_history_default WHERE entity_id = 'p3')::int AS "inDefault",
            (SELECT count(*) FROM heat_history_2027_02 WHERE entity_id = 'p3')::int AS "inMonth",
            (SELECT count(*) FROM heat_history WHERE entity_id = 'p3')::int AS total`,
    );
    expect(moved).toEqual({ inDefault: 0, inMonth: 1, total: 1 });
    expect(await withTransaction(t.db, (tx) => partitionHeatHistory(tx, NOW))).toBe(false);
  });
});
