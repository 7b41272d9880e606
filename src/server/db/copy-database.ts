import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb, type Db, queryRows } from './client.ts';
import { copyOut } from './copy.ts';

// npm run db:copy: every table of the embedded database into a PostgreSQL server (docs/database.md "Moving to
// PostgreSQL"). Tables come from the catalogue (schema public), not from the Drizzle schema, so hand-made tables such
// as search_suggest_prefixes (migration 0027) move too. The migrations table (schema drizzle) does not: the target
// writes its own when db:copy migrates it, and the copy refuses when the two applied lists differ.

/** One table's row counts after the copy: equal, or the copy rolled back. */
export type CopiedTable = { table: string; source: number; target: number };

export type CopyDatabaseOptions = {
  /** Replace rows already on the target (else refuse when any table holds rows). */
  force?: boolean;
  onStart?: (tables: readonly { table: string; rows: number }[]) => void;
  onRows?: (table: string, copied: number) => void | Promise<void>;
  /** Test hook: runs inside the target's transaction after the data is in, before the counts are checked. */
  beforeVerify?: (client: pg.ClientBase) => Promise<void>;
};

/**
 * Filled by migrations on every fresh database (0015: house ads; 0057: the first sector recount's mark): their rows on
 * the target are replaced, never counted as data.
 */
const SEEDED_BY_MIGRATIONS = new Set(['house_ads', 'sector_aggregate_marks']);
const PAGES_PER_CHUNK = 2048; // 16 MB of heap pages per COPY: big tables never sit in memory whole

/** Thrown for a refusal the operator can act on (non-empty target, schema mismatch, count mismatch). */
export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefusedError';
  }
}

type SourceTable = { table: string; columns: string[]; rows: number; pages: number };

/**
 * Copies every table of `source` (the embedded PGlite) into the PostgreSQL database at `targetUrl`: migrates the
 * target, then in ONE target transaction disables user triggers (projects' insert trigger would otherwise create
 * project_scores rows the copy brings anyway), empties the tables, copies each in foreign-key order by binary COPY
 * in 16 MB page ranges, sets every sequence to the source's value, and compares row counts. Any failure rolls the
 * whole copy back. Throws CopyRefusedError when the target holds rows (without `force`) or the schemas differ.
 */
export async function copyDatabase(
  source: Db,
  targetUrl: string,
  options: CopyDatabaseOptions = {},
): Promise<CopiedTable[]> {
  const tables = await readSourceTables(source);
  const target = new pg.Client({ connectionString: targetUrl });
  target.on('error', () => {}); // a dropped connection surfaces as the failing query's error, then ROLLBACK
  await target.connect();
  try {
    const before = await tablesWithRows(target);
    if (before.length > 0 && !options.force) {
      throw new CopyRefusedError(
        `the target already holds rows in ${before.join(', ')}; nothing was copied (use --force to replace them)`,
      );
    }
    const migrated = await createDb({ DATABASE_URL: targetUrl, DATA_DIR: 'unused' });
    await migrated.close();
    await checkSameSchema(source, target, tables);
    options.onStart?.(tables.map(({ table, rows }) => ({ table, rows })));
    await target.query('BEGIN');
    try {
      const result = await copyInTransaction(source, target, tables, options);
      await target.query('COMMIT');
      return result;
    } catch (error) {
      await target.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await target.end().catch(() => {});
  }
}

async function copyInTransaction(
  source: Db,
  target: pg.Client,
  tables: SourceTable[],
  options: CopyDatabaseOptions,
): Promise<CopiedTable[]> {
  const names = tables.map((t) => pg.escapeIdentifier(t.table));
  for (const name of names) await target.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
  if (names.length > 0) await target.query(`TRUNCATE ${names.join(', ')}`);
  for (const t of tables) {
    const cols = t.columns.map((c) => pg.escapeIdentifier(c)).join(', ');
    const name = pg.escapeIdentifier(t.table);
    let copied = 0;
    // Page ranges by ctid (a TID range scan): each chunk is one complete binary COPY stream.
    for (let page = 0; page < Math.max(t.pages, 1); page += PAGES_PER_CHUNK) {
      const data = await copyOut(
        source,
        `SELECT ${cols} FROM ${name} WHERE ctid >= '(${page},0)'::tid AND ctid < '(${page + PAGES_PER_CHUNK},0)'::tid`,
      );
      const sink = target.query(copyFrom(`COPY ${name} (${cols}) FROM STDIN WITH (FORMAT binary)`));
      await pipeline(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), sink);
      copied += sink.rowCount;
      await options.onRows?.(t.table, copied);
    }
  }
  for (const name of names) await target.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
  await copySequences(source, target);
  await options.beforeVerify?.(target);
  const result: CopiedTable[] = [];
  for (const t of tables) {
    const counted = await target.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${pg.escapeIdentifier(t.table)}`,
    );
    result.push({ table: t.table, source: t.rows, target: Number(counted.rows[0]?.n) });
  }
  const unequal = result.filter((r) => r.source !== r.target);
  if (unequal.length > 0) {
    const list = unequal.map((r) => `${r.table} ${r.source} → ${r.target}`).join(', ');
    throw new CopyRefusedError(`row counts differ after the copy (${list}); the target was rolled back`);
  }
  return result;
}

/** The source's base tables in foreign-key order (parents first), their copyable columns, rows and heap pages. */
async function readSourceTables(source: Db): Promise<SourceTable[]> {
  const rows = await queryRows<{ table: string; columns: string[]; pages: number }>(
    source,
    sql`SELECT c.relname AS "table",
          array_agg(a.attname::text ORDER BY a.attnum) AS columns,
          (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE n.nspname = 'public' AND c.relkind = 'r'
        GROUP BY c.oid, c.relname`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    source,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint k
        JOIN pg_class child ON child.oid = k.conrelid
        JOIN pg_class parent ON parent.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const ordered = orderByForeignKeys(
    rows.map((r) => r.table),
    edges,
  );
  const byName = new Map(rows.map((r) => [r.table, r]));
  const result: SourceTable[] = [];
  for (const table of ordered) {
    const row = byName.get(table);
    if (!row) continue;
    const counted = await queryRows<{ n: number }>(source, sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
    result.push({ table, columns: row.columns, pages: row.pages, rows: counted[0]?.n ?? 0 });
  }
  return result;
}

/** Topological order, parents before children; names sorted within a level so runs are repeatable. */
export function orderByForeignKeys(tables: readonly string[], edges: readonly { child: string; parent: string }[]) {
  const pending = new Set(tables);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((t) => !edges.some((e) => e.child === t && pending.has(e.parent))).sort();
    if (ready.length === 0) throw new Error(`foreign-key cycle among ${[...pending].join(', ')}`);
    for (const t of ready) {
      pending.delete(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** Public tables of the target holding rows (none when it was never migrated), migration-seeded ones aside. */
async function tablesWithRows(target: pg.Client): Promise<string[]> {
  const tables = await target.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const found: string[] = [];
  for (const { name } of tables.rows) {
    if (SEEDED_BY_MIGRATIONS.has(name)) continue;
    const any = await target.query(`SELECT 1 FROM ${pg.escapeIdentifier(name)} LIMIT 1`);
    if ((any.rowCount ?? 0) > 0) found.push(name);
  }
  return found;
}

/** The target must have the source's migrations, tables and columns after its own migration run. */
async function checkSameSchema(source: Db, target: pg.Client, tables: SourceTable[]): Promise<void> {
  const applied = `SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at`;
  const sourceHashes = (await queryRows<{ hash: string }>(source, sql.raw(applied))).map((r) => r.hash);
  const targetHashes = (await target.query<{ hash: string }>(applied)).rows.map((r) => r.hash);
  if (sourceHashes.join() !== targetHashes.join()) {
    throw new CopyRefusedError(
      `the source has ${sourceHashes.length} migrations applied and the target ${targetHashes.length}; run both on the same HeatRank version`,
    );
  }
  for (const t of tables) {
    const cols = await target.query<{ name: string }>(
      `SELECT a.attname::text AS name FROM pg_attribute a
       WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       ORDER BY a.attnum`,
      [pg.escapeIdentifier(t.table)],
    );
    if (cols.rows.map((c) => c.name).join() !== t.columns.join()) {
      throw new CopyRefusedError(`table ${t.table} has different columns on the target`);
    }
  }
}

/** Every sequence of schema public to the source's value (identity and serial columns continue where they were). */
async function copySequences(source: Db, target: pg.Client): Promise<void> {
  const sequences = await queryRows<{ name: string; lastValue: string | null; startValue: string }>(
    source,
    sql`SELECT sequencename AS name, last_value::text AS "lastValue", start_value::text AS "startValue"
        FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const s of sequences) {
    const name = `public.${pg.escapeIdentifier(s.name)}`;
    if (s.lastValue === null) await target.query('SELECT setval($1, $2, false)', [name, s.startValue]);
    else await target.query('SELECT setval($1, $2, true)', [name, s.lastValue]);
  }
}
