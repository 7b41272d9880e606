import { sql } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import { type Db, queryRows } from './client.ts';

/**
 * How a selected column is decoded: text, a number (int4, int8 — within 2^53 — or float8), a boolean, or a
 * timestamptz as epoch milliseconds.
 */
export type SelectType = 'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'timestamptz';
export type SelectValue = string | number | boolean | null;

/**
 * Runs a parameter-free SELECT and returns its rows as arrays, typed by `types`, with the fastest path each driver
 * has. On PGlite that is COPY (query) TO '/dev/blob' in binary: measured at 100,000 projects × 26 heat inputs,
 * ~0.4 s against ~1.4 s for the same rows aggregated into text and ~2.3 s row by row. PostgreSQL answers rows
 * natively and fast. Callers inline values with {@link literal}; COPY takes no bind parameters.
 */
export async function bulkSelect(db: Db, query: string, types: readonly SelectType[]): Promise<SelectValue[][]> {
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof PgliteSession) {
    const client = (session as unknown as { client: PgliteCopyClient }).client;
    const result = await client.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT binary)`);
    if (!result.blob) throw new Error('bulkSelect: COPY returned no data');
    return decodeBinaryCopy(new Uint8Array(await result.blob.arrayBuffer()), types);
  }
  const rows = await queryRows<Record<string, unknown>>(db, sql.raw(query));
  return rows.map((row) => Object.values(row).map((value, i) => fromDriver(value, types[i])));
}

type PgliteCopyClient = { query: (query: string) => Promise<{ blob?: Blob }> };

/** A string as a SQL literal (standard_conforming_strings is on in every supported server). */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function fromDriver(value: unknown, type: SelectType | undefined): SelectValue {
  if (value === null || value === undefined) return null;
  if (type === 'text') return String(value);
  if (type === 'bool') return value === true || value === 't' || value === 'true';
  if (type === 'timestamptz') return value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
  return Number(value); // node-postgres returns int8 as a string
}

const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const HEADER_BYTES = 19; // 11-byte signature, flags, header-extension length (0)

/** Decodes PostgreSQL's binary COPY output. */
export function decodeBinaryCopy(bytes: Uint8Array, types: readonly SelectType[]): SelectValue[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder();
  const rows: SelectValue[][] = [];
  let at = HEADER_BYTES + view.getInt32(15); // skip any header extension
  for (;;) {
    const fields = view.getInt16(at);
    at += 2;
    if (fields === -1) return rows;
    if (fields !== types.length) throw new Error(`bulkSelect: a row has ${fields} fields, expected ${types.length}`);
    const row: SelectValue[] = new Array(fields);
    for (let i = 0; i < fields; i++) {
      const length = view.getInt32(at);
      at += 4;
      if (length === -1) {
        row[i] = null;
        continue;
      }
      switch (types[i]) {
        case 'text':
          row[i] = utf8.decode(bytes.subarray(at, at + length));
          break;
        case 'int4':
          row[i] = view.getInt32(at);
          break;
        case 'int8':
          row[i] = Number(view.getBigInt64(at));
          break;
        case 'float8':
          row[i] = view.getFloat64(at);
          break;
        case 'bool':
          row[i] = bytes[at] === 1;
          break;
        case 'timestamptz': // microseconds since 2000-01-01 UTC
          row[i] = POSTGRES_EPOCH_MS + Number(view.getBigInt64(at)) / 1000;
          break;
      }
      at += length;
    }
    rows.push(row);
  }
}
