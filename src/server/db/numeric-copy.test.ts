import { describe, expect, test } from 'vitest';
import { createNumericCopyDecoder } from './numeric-copy.ts';

/** A binary COPY stream of (int4, float8) rows, as PostgreSQL writes it; null → NULL. */
function encode(rows: readonly (readonly [number | null, number | null])[]): Uint8Array {
  const parts: number[] = [...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), 0, 0, 0, 0, 0, 0, 0, 0];
  const view = new DataView(new ArrayBuffer(8));
  const push = (bytes: number) => parts.push(...new Uint8Array(view.buffer, 0, bytes));
  const field = (value: number | null, bytes: 4 | 8) => {
    view.setInt32(0, value === null ? -1 : bytes);
    push(4);
    if (value === null) return;
    if (bytes === 4) view.setInt32(0, value);
    else view.setFloat64(0, value);
    push(bytes);
  };
  for (const [a, b] of rows) {
    view.setInt16(0, 2);
    push(2);
    field(a, 4);
    field(b, 8);
  }
  view.setInt16(0, -1);
  push(2);
  return Uint8Array.from(parts);
}

const ROWS = [
  [1, 0.5],
  [-7, null],
  [null, -1e300],
  [2_000_000_000, 3.25],
] as const;

function decodeIn(bytes: Uint8Array, cuts: readonly number[]) {
  const out: (number | null)[][] = [];
  const decoder = createNumericCopyDecoder(['int4', 'float8'], ({ columns, rows }) => {
    for (let i = 0; i < rows; i++) {
      out.push(columns.map((c) => (Number.isNaN(c[i] as number) ? null : (c[i] as number))));
    }
  });
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    decoder.push(bytes.subarray(at, cut));
    at = cut;
  }
  decoder.end();
  return out;
}

describe('numeric COPY decoder', () => {
  const bytes = encode(ROWS);

  test('decodes every row, NULL as NaN, in one piece', () => {
    expect(decodeIn(bytes, [])).toEqual(ROWS.map((r) => [...r]));
  });

  test('gives the same rows however the stream is cut (every split point, and every byte apart)', () => {
    for (let cut = 1; cut < bytes.length; cut++) expect(decodeIn(bytes, [cut])).toEqual(ROWS.map((r) => [...r]));
    expect(
      decodeIn(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(ROWS.map((r) => [...r]));
  });

  test('a stream cut before its trailer is an error, not fewer rows', () => {
    const decoder = createNumericCopyDecoder(['int4', 'float8'], () => undefined);
    decoder.push(bytes.subarray(0, bytes.length - 2));
    expect(() => decoder.end()).toThrow(/trailer/);
  });
});
