import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

// Monthly range partitions of heat_history on PostgreSQL (docs/heat-score.md, "Monthly partitions"). PGlite keeps one
// table: nothing here runs unless heat_history already is partitioned, and only partitionHeatHistory makes it so.

const PARENT = 'heat_history';
const DEFAULT_PARTITION = 'heat_history_default';
/** heat_history_YYYY_MM: one UTC calendar month, [first day, first day of the next month). */
const MONTH_NAME = /^heat_history_(\d{4})_(\d{2})$/;
/** Months created ahead of `now`, so an insert never falls to the default partition in normal operation. */
const MONTHS_AHEAD = 2;
/** Older rows than this many months before `now` stay in the default partition at conversion (a backfill's far past). */
const MONTHS_BACK = 24;
const COLUMNS = `entity_type, entity_id, computed_at, score, social_score, signal_score, contributions, breakdown, model,
  granularity, backfilled`;

type Month = { name: string; from: Date; to: Date };

/** The UTC month `month` (0-based, may overflow into the next years) of `year`. */
function monthOf(year: number, month: number): Month {
  const from = new Date(Date.UTC(year, month, 1));
  const name = `${PARENT}_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to: new Date(Date.UTC(year, month + 1, 1)) };
}
const monthAt = (at: Date, offset = 0) => monthOf(at.getUTCFullYear(), at.getUTCMonth() + offset);
const ident = (name: string) => sql.raw(`"${name}"`);
/** DDL takes no bind parameters: a bound is written as a literal (an ISO string of a Date, nothing user-given). */
const bound = (at: Date) => sql.raw(`'${at.toISOString()}'`);

export async function isHistoryPartitioned(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ partitioned: boolean }>(
    db,
    sql`SELECT relkind = 'p' AS partitioned FROM pg_class WHERE oid = ${PARENT}::regclass`,
  );
  return row?.partitioned ?? false;
}

/** The month partitions that exist, oldest first. */
async function listMonthPartitions(db: Db): Promise<Month[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = ${PARENT}::regclass ORDER BY c.relname`,
  );
  return rows.flatMap(({ name }) => {
    const match = MONTH_NAME.exec(name);
    return match ? [monthOf(Number(match[1]), Number(match[2]) - 1)] : [];
  });
}

/**
 * Turns heat_history into a table partitioned by month (PostgreSQL only; run by `npm run db:partition-history`, not at
 * start-up: it copies every row under an exclusive lock). One transaction: the old table is renamed, the partitioned
 * one created with the same columns, primary key and index names, the months from the oldest row (at most MONTHS_BACK
 * back) to MONTHS_AHEAD ahead plus a default partition created, the rows copied, the old table dropped. Readers and
 * writers see the same table name and columns before and after. Returns the rows copied; false when already done.
 */
export async function partitionHeatHistory(db: Db, now: Date): Promise<number | false> {
  if (await isHistoryPartitioned(db)) return false;
  await db.execute(sql`LOCK TABLE heat_history IN ACCESS EXCLUSIVE MODE`);
  await db.execute(sql`ALTER TABLE heat_history RENAME TO heat_history_unpartitioned`);
  await db.execute(sql`ALTER INDEX heat_history_pk RENAME TO heat_history_unpartitioned_pk`);
  await db.execute(sql`ALTER INDEX heat_history_tier_time_idx RENAME TO heat_history_unpartitioned_tier_time_idx`);
  await db.execute(sql`CREATE TABLE heat_history (LIKE heat_history_unpartitioned INCLUDING DEFAULTS)
    PARTITION BY RANGE (computed_at)`);
  await db.execute(sql`ALTER TABLE heat_history
    ADD CONSTRAINT heat_history_pk PRIMARY KEY (entity_type, entity_id, computed_at)`);
  await db.execute(sql`CREATE INDEX heat_history_tier_time_idx ON heat_history (granularity, computed_at)`);
  await db.execute(sql`CREATE TABLE ${ident(DEFAULT_PARTITION)} PARTITION OF heat_history DEFAULT`);
  const [oldest] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT min(computed_at) AS at FROM heat_history_unpartitioned`,
  );
  const floor = monthAt(now, -MONTHS_BACK).from;
  const first = new Date(Math.max(oldest?.at ? new Date(oldest.at).getTime() : now.getTime(), floor.getTime()));
  for (let month = monthAt(first); month.from <= monthAt(now, MONTHS_AHEAD).from; ) {
    await db.execute(sql`CREATE TABLE ${ident(month.name)} PARTITION OF heat_history
      FOR VALUES FROM (${bound(month.from)}) TO (${bound(month.to)})`);
    month = monthAt(month.from, 1);
  }
  const [copied] = await queryRows<{ n: number }>(
    db,
    sql`WITH copied AS (
          INSERT INTO heat_history (${sql.raw(COLUMNS)}) SELECT ${sql.raw(COLUMNS)} FROM heat_history_unpartitioned
          RETURNING 1)
        SELECT count(*)::int AS n FROM copied`,
  );
  await db.execute(sql`DROP TABLE heat_history_unpartitioned`);
  // The run list's trigger (migration 0056) went with the old table; after the copy, whose runs it lists already.
  await db.execute(sql`CREATE TRIGGER heat_history_lists_runs AFTER INSERT ON heat_history
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION heat_runs_from_history()`);
  return copied?.n ?? 0;
}

/**
 * Creates the month partitions from `now`'s month to MONTHS_AHEAD ahead that are missing. Rows the default partition
 * holds for such a month (written while it was missing) move into it first, since PostgreSQL refuses a partition whose
 * rows sit in the default one.
 */
export async function ensureMonthPartitions(db: Db, now: Date): Promise<string[]> {
  const existing = new Set((await listMonthPartitions(db)).map((m) => m.name));
  const created: string[] = [];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const month = monthAt(now, offset);
    if (existing.has(month.name)) continue;
    await db.execute(sql`CREATE TABLE ${ident(month.name)} (LIKE heat_history INCLUDING DEFAULTS)`);
    await db.execute(sql`
      WITH moved AS (
        DELETE FROM ${ident(DEFAULT_PARTITION)}
        WHERE computed_at >= ${month.from.toISOString()} AND computed_at < ${month.to.toISOString()}
        RETURNING ${sql.raw(COLUMNS)})
      INSERT INTO ${ident(month.name)} (${sql.raw(COLUMNS)}) SELECT ${sql.raw(COLUMNS)} FROM moved`);
    await attachMonth(db, month);
    created.push(month.name);
  }
  return created;
}

async function attachMonth(db: Db, month: Month): Promise<void> {
  await db.execute(sql`ALTER TABLE heat_history ATTACH PARTITION ${ident(month.name)}
    FOR VALUES FROM (${bound(month.from)}) TO (${bound(month.to)})`);
}

/**
 * Daily compaction of whole months by replacing their partition: for every month that ended before `dayCutoff` and
 * still holds run or hourly rows, the rows the daily tier keeps (each entity's existing day rows, and the newest run or
 * hourly row of each UTC day relabelled 'day': exactly what retention.queries.ts compactTier keeps) are written to a
 * new table, the old partition is detached and dropped, and the new one attached under its name. The space goes back
 * to the system at once: rows deleted from an old month are never followed by inserts there, so VACUUM could only mark
 * that space free, never reuse it. Returns the rows removed and kept, as compactTier counts them.
 */
export async function replaceAgedMonths(db: Db, dayCutoff: Date): Promise<{ deleted: number; kept: number }> {
  let deleted = 0;
  let kept = 0;
  for (const month of await listMonthPartitions(db)) {
    if (month.to > dayCutoff) continue;
    const [counts] = await queryRows<{ total: number; compacted: number }>(
      db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE granularity IN ('run', 'hour'))::int AS compacted
          FROM ${ident(month.name)}`,
    );
    if (!counts || counts.compacted === 0) continue;
    const next = `${month.name}_next`;
    await db.execute(sql`CREATE TABLE ${ident(next)} (LIKE heat_history INCLUDING DEFAULTS)`);
    const [written] = await queryRows<{ n: number }>(
      db,
      sql`WITH written AS (
            INSERT INTO ${ident(next)} (${sql.raw(COLUMNS)})
            SELECT ${sql.raw(COLUMNS)} FROM ${ident(month.name)} WHERE granularity = 'day'
            UNION ALL
            SELECT * FROM (
              SELECT DISTINCT ON (entity_type, entity_id, date_trunc('day', computed_at AT TIME ZONE 'UTC'))
                entity_type, entity_id, computed_at, score, social_score, signal_score, contributions, breakdown,
                model, 'day', backfilled
              FROM ${ident(month.name)} WHERE granularity IN ('run', 'hour')
              ORDER BY entity_type, entity_id, date_trunc('day', computed_at AT TIME ZONE 'UTC'), computed_at DESC
            ) AS winners
            RETURNING granularity)
          SELECT count(*)::int AS n FROM written`,
    );
    const dayRowsBefore = counts.total - counts.compacted;
    const keptHere = (written?.n ?? 0) - dayRowsBefore;
    await db.execute(sql`ALTER TABLE heat_history DETACH PARTITION ${ident(month.name)}`);
    await db.execute(sql`DROP TABLE ${ident(month.name)}`);
    await db.execute(sql`ALTER TABLE ${ident(next)} RENAME TO ${ident(month.name)}`);
    await attachMonth(db, month);
    kept += keptHere;
    deleted += counts.compacted - keptHere;
  }
  return { deleted, kept };
}
