import type { Db } from './client.ts';
import { copyOut } from './copy.ts';

/**
 * How a selected column is decoded: text, a number (int4, int8 — within 2^53 — or float8), a boolean, a
 * timestamptz as epoch milliseconds, bytea as a view of the bytes read (copy it to keep it apart from them), or a
 * one-dimensional text[] without null elements as a string array.
 */
export type SelectType = 'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'timestamptz' | 'bytea' | 'text[]';
export type SelectValue = string | number | boolean | Uint8Array | string[] | null;

/**
 * Runs a parameter-free SELECT and returns its rows as arrays, typed by `types`, through binary COPY on either driver:
 * measured at 100,000 projects × 26 heat inputs on PGlite, ~0.4 s against ~1.4 s for the same rows aggregated into
 * text and ~2.3 s row by row. Callers inline values with pg's escapeLiteral; COPY takes no bind parameters.
 */
export async function bulkSelect(db: Db, query: string, types: readonly SelectType[]): Promise<SelectValue[][]> {
  return decodeBinaryCopy(await copyOut(db, query), types);
}

export type NamedColumns<T> = readonly (readonly [name: keyof T & string, type: SelectType])[];

/**
 * {@link bulkSelect} returning one object per row, its fields named by `columns` (in the SELECT's column order). The
 * caller's `T` must match the names and types listed. Each row becomes an object literal of one fixed shape, built by
 * a function compiled once per column list: measured on 100,000 rows × 26 columns, as cheap as keeping the arrays
 * (assigning the fields one by one by name took twice as long).
 */
export async function bulkSelectNamed<T>(db: Db, query: string, columns: NamedColumns<T>): Promise<T[]> {
  const rows = decodeBinaryCopy(
    await copyOut(db, query),
    columns.map(([, type]) => type),
  );
  return rows.map(rowBuilder(columns) as (row: SelectValue[]) => T);
}

const builders = new WeakMap<object, (row: SelectValue[]) => unknown>();

function rowBuilder(columns: readonly (readonly [string, SelectType])[]) {
  let build = builders.get(columns);
  if (!build) {
    // Names come from the code's own column lists, never from input; JSON.stringify quotes each one.
    const fields = columns.map(([name], i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
    build = new Function('row', `return { ${fields} };`) as (row: SelectValue[]) => unknown;
    builders.set(columns, build);
  }
  return build;
}

const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const HEADER_BYTES = 19; // 11-byte signature, flags, header-extension length (0)

/** Decodes PostgreSQL's binary COPY output. */
export function decodeBinaryCopy(bytes: Uint8Array, types: readonly SelectType[]): SelectValue[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder();
  const decodeUtf8 = (b: Uint8Array) => utf8.decode(b);
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
        case 'bytea':
          row[i] = bytes.subarray(at, at + length);
          break;
        case 'text[]':
          row[i] = decodeTextArray(view, bytes, at, decodeUtf8);
          break;
      }
      at += length;
    }
    rows.push(row);
  }
}

/** A binary text[] (ndim, has-nulls, element type, then per dimension length and lower bound, then the elements). */
function decodeTextArray(view: DataView, bytes: Uint8Array, at: number, decode: (b: Uint8Array) => string): string[] {
  const dims = view.getInt32(at);
  if (dims === 0) return [];
  if (dims !== 1) throw new Error(`bulkSelect: a text[] of ${dims} dimensions`);
  const n = view.getInt32(at + 12);
  const values: string[] = new Array(n);
  let p = at + 20;
  for (let k = 0; k < n; k++) {
    const length = view.getInt32(p);
    if (length === -1) throw new Error('bulkSelect: a null element in a text[]');
    values[k] = decode(bytes.subarray(p + 4, p + 4 + length));
    p += 4 + length;
  }
  return values;
}
