import type { Db } from './client.ts';
import { copyOut } from './copy.ts';

/**
 * How a selected column is decoded: text, a number (int4, int8 — within 2^53 — or float8), a boolean, or a
 * timestamptz as epoch milliseconds.
 */
export type SelectType = 'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'timestamptz';
export type SelectValue = string | number | boolean | null;

/**
 * Runs a parameter-free SELECT and returns its rows as arrays, typed by `types`, through binary COPY on either driver:
 * measured at 100,000 projects × 26 heat inputs on PGlite, ~0.4 s against ~1.4 s for the same rows aggregated into
 * text and ~2.3 s row by row. Callers inline values with pg's escapeLiteral; COPY takes no bind parameters.
 */
export async function bulkSelect(db: Db, query: string, types: readonly SelectType[]): Promise<SelectValue[][]> {
  return decodeBinaryCopy(await copyOut(db, query), types);
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
