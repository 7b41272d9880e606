import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { compactHeatHistory } from './retention.service.ts';

const NOW = new Date('2026-11-21T10:32:00.000Z');

let t: TestApp;

/** 40 days of 5-minute runs for one project and one sector, scored by their age so a kept row can be identified. */
async function seedRuns() {
  await t.db.execute(sql`DELETE FROM heat_history`);
  await t.db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model)
    SELECT kind, id, ${NOW.toISOString()}::timestamptz - make_interval(mins => m), m, 'heat-v1'
    FROM generate_series(0, 40 * 24 * 60, 5) AS m,
      (VALUES ('project', 'p1'), ('sector', 's1')) AS e(kind, id)
  `);
}

const rows = (where: ReturnType<typeof sql>) =>
  queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM heat_history WHERE ${where}`).then((r) => r[0]?.n);

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await seedRuns();
});
afterAll(() => t.close());

describe('compactHeatHistory', () => {
  test('keeps every run for 48 h, one row per hour for 30 days, then one per day', async () => {
    const result = await compactHeatHistory(t.db, NOW);

    // Cut-offs are whole hours/days: 2026-11-19T10:00Z (48 h back, floored) and 2026-10-22T00:00Z (30 d, floored).
    const hourCutoff = sql`'2026-11-19T10:00:00Z'::timestamptz`;
    const dayCutoff = sql`'2026-10-22T00:00:00Z'::timestamptz`;
    expect(await rows(sql`entity_id = 'p1' AND computed_at >= ${hourCutoff} AND granularity = 'run'`)).toBe(
      Math.floor((NOW.getTime() - Date.parse('2026-11-19T10:00:00Z')) / (5 * MINUTE_MS)) + 1,
    );
    expect(await rows(sql`entity_id = 'p1' AND computed_at < ${hourCutoff} AND granularity = 'run'`)).toBe(0);
    const hours = (Date.parse('2026-11-19T10:00:00Z') - Date.parse('2026-10-22T00:00:00Z')) / HOUR_MS;
    expect(await rows(sql`entity_id = 'p1' AND granularity = 'hour'`)).toBe(hours);
    expect(await rows(sql`entity_id = 'p1' AND granularity = 'day'`)).toBe(
      Math.ceil((Date.parse('2026-10-22T00:00:00Z') - (NOW.getTime() - 40 * DAY_MS)) / DAY_MS),
    );
    expect(await rows(sql`granularity = 'hour' AND computed_at < ${dayCutoff}`)).toBe(0);
    expect(await rows(sql`granularity = 'day' AND computed_at >= ${dayCutoff}`)).toBe(0);
    expect(result.hourlyKept).toBeGreaterThan(0);
    expect(result.dailyKept).toBeGreaterThan(0);
    // the sector is compacted the same way
    expect(await rows(sql`entity_id = 's1' AND granularity = 'hour'`)).toBe(hours);
  });

  test('the row kept for a bucket is its newest one', async () => {
    const kept = await queryRows<{ at: string }>(
      t.db,
      sql`SELECT to_char(computed_at AT TIME ZONE 'UTC', 'HH24:MI') AS at FROM heat_history
          WHERE entity_id = 'p1' AND granularity = 'hour' ORDER BY computed_at LIMIT 3`,
    );
    const daily = await queryRows<{ at: string }>(
      t.db,
      sql`SELECT to_char(computed_at AT TIME ZONE 'UTC', 'HH24:MI') AS at FROM heat_history
          WHERE entity_id = 'p1' AND granularity = 'day' ORDER BY computed_at LIMIT 2`,
    );

    // Runs are at :02, :07, … :57 (NOW is :32), so the newest of each hour is :57 and of each day 23:57.
    expect(kept.map((r) => r.at)).toEqual(['00:57', '01:57', '02:57']);
    expect(daily.map((r) => r.at)).toEqual(['23:57', '23:57']);
  });

  test('is idempotent, and an hour later compacts exactly one more hour', async () => {
    const before = await rows(sql`true`);

    const again = await compactHeatHistory(t.db, NOW);
    const after = await rows(sql`true`);
    const later = await compactHeatHistory(t.db, new Date(NOW.getTime() + HOUR_MS));

    expect(again).toEqual({ runsDeleted: 0, hourlyKept: 0, hourlyDeleted: 0, dailyKept: 0 });
    expect(after).toBe(before);
    // one more hour leaves the run tier per entity (12 runs → 1 row) for the project and the sector
    expect(later).toMatchObject({ runsDeleted: 2 * 11, hourlyKept: 2 });
  });

  test('bounds growth: a year of 5-minute runs for one project stays around 1,600 rows, not 105,000', async () => {
    await t.db.execute(sql`DELETE FROM heat_history`);
    await t.db.execute(sql`
      INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model)
      SELECT 'project', 'p1', ${NOW.toISOString()}::timestamptz - make_interval(mins => m), 50, 'heat-v1'
      FROM generate_series(0, 365 * 24 * 60, 5) AS m
    `);

    await compactHeatHistory(t.db, NOW);

    const total = await rows(sql`true`);
    expect(total).toBeGreaterThan(48 * 12 + 28 * 24 + 330);
    expect(total).toBeLessThan(48 * 12 + 30 * 24 + 340);
    // 105,000 runs also list themselves in heat_runs (migration 0056's trigger) and are compacted there: more time.
  }, 120_000);
});
