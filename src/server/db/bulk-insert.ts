import { sql } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Db } from './client.ts';
import { canEncodeBinary, toBinaryCopy } from './copy-binary.ts';

/** A column of a bulk insert: its name and SQL type (e.g. 'float8', 'real[]', 'timestamptz'). */
export type BulkColumn = { name: string; type: string };
/** A cell: text, number, boolean, a number array (for array columns), a time, or null. */
export type BulkValue = string | number | boolean | readonly number[] | Date | null;

const JSON_BATCH_ROWS = 25_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const SQL_TYPE = /^[a-z0-9_ ]+(\[\])?$/;

/**
 * Inserts many rows into `table` with the fastest path each driver has. Measured at 100,000 score rows on PGlite:
 * binary COPY … FROM '/dev/blob' 0.5–0.9 s, text COPY 2.0 s (0.6 s of it building the text), one json_to_recordset
 * parameter 2.35 s, unnest of arrays 1.8 s: parsing numbers and arrays from text in PGlite's WASM build is the
 * bottleneck. Binary COPY is used when every column type has an encoder (copy-binary.ts), text COPY otherwise.
 * PostgreSQL parses JSON natively and fast, so it keeps the portable json_to_recordset path in batches. Works inside
 * a transaction (`db` may be a transaction handle).
 */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly BulkValue[])[],
): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`bulkInsert: bad table name ${table}`);
  for (const c of columns) {
    if (!IDENTIFIER.test(c.name) || !SQL_TYPE.test(c.type)) throw new Error(`bulkInsert: bad column ${c.name}`);
  }
  if (rows.length === 0) return;
  const names = columns.map((c) => c.name).join(', ');
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof PgliteSession) {
    // The session's client is the PGlite instance, or the open transaction when `db` is one.
    const client = (session as unknown as { client: PgliteCopyClient }).client;
    if (canEncodeBinary(columns)) {
      const blob = new Blob([toBinaryCopy(rows, columns) as Uint8Array<ArrayBuffer>]);
      await client.query(`COPY ${table} (${names}) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob });
    } else {
      const blob = new Blob([toCopyText(rows, columns.length)]);
      await client.query(`COPY ${table} (${names}) FROM '/dev/blob'`, [], { blob });
    }
    return;
  }
  const recordType = columns.map((c) => `${c.name} ${c.type}`).join(', ');
  for (let start = 0; start < rows.length; start += JSON_BATCH_ROWS) {
    const batch = rows.slice(start, start + JSON_BATCH_ROWS).map((row) => toJsonRecord(row, columns));
    await db.execute(sql`
      INSERT INTO ${sql.raw(table)} (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM json_to_recordset(${JSON.stringify(batch)}::json) AS v(${sql.raw(recordType)})
    `);
  }
}

type PgliteCopyClient = { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };

/** Rows as COPY's text format: tab-separated, \N for null, backslash escapes, arrays as '{a,b}'. */
export function toCopyText(rows: readonly (readonly BulkValue[])[], width: number): string {
  const lines: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as readonly BulkValue[];
    if (row.length !== width) throw new Error(`bulkInsert: row ${i} has ${row.length} cells, expected ${width}`);
    lines[i] = row.map(toCopyCell).join('\t');
  }
  return `${lines.join('\n')}\n`;
}

function toCopyCell(value: BulkValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return toNumberText(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string);
  return `{${value.map(toNumberText).join(',')}}`;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** JS numbers print as the shortest text that round-trips, which Postgres reads back to the same double. */
function toNumberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

function toJsonRecord(row: readonly BulkValue[], columns: readonly BulkColumn[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    const value = row[i] ?? null;
    // Arrays travel as Postgres array text: json_to_recordset reads a JSON array into real[] only on newer servers.
    record[c.name] = Array.isArray(value) ? `{${value.map(toNumberText).join(',')}}` : value;
  });
  return record;
}
