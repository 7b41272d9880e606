import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { type BulkColumn, bulkInsert } from './bulk-insert.ts';
import { bulkSelect, bulkSelectNamed } from './bulk-select.ts';
import { type Db, queryRows } from './client.ts';
import { withTransaction } from './transaction.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await t.db.execute(
    sql`CREATE TABLE bulk_probe (name text, score float8, flag boolean, parts real[], at timestamptz, n bigint)`,
  );
});
afterAll(() => t.close());

const COLUMNS: BulkColumn[] = [
  { name: 'name', type: 'text' },
  { name: 'score', type: 'float8' },
  { name: 'flag', type: 'boolean' },
  { name: 'parts', type: 'real[]' },
  { name: 'at', type: 'timestamptz' },
  { name: 'n', type: 'bigint' },
];
const probe = (db: Db) =>
  queryRows<{ name: string | null; score: number | null; flag: boolean | null; parts: number[] | null; n: string }>(
    db,
    sql`SELECT name, score, flag, parts, at, n::text AS n FROM bulk_probe ORDER BY n`,
  );

describe('bulkInsert', () => {
  test('round-trips text with tabs, newlines and backslashes, exact doubles, nulls, arrays and times', async () => {
    const when = new Date('2026-11-21T10:00:00.123Z');
    await bulkInsert(t.db, 'bulk_probe', COLUMNS, [
      ['tab\there\nnew line \\ back\\slash \\N', 0.1 + 0.2, true, [1.5, -2.25, 0], when, 1],
      [null, null, null, null, null, 2],
      ['plain', 1e-300, false, [], when, 3],
    ]);

    const rows = await probe(t.db);
    expect(rows.map((r) => r.name)).toEqual(['tab\there\nnew line \\ back\\slash \\N', null, 'plain']);
    expect(rows.map((r) => r.score)).toEqual([0.1 + 0.2, null, 1e-300]);
    expect(rows.map((r) => r.flag)).toEqual([true, null, false]);
    expect(rows.map((r) => r.parts)).toEqual([[1.5, -2.25, 0], null, []]);
    expect(rows.map((r) => r.n)).toEqual(['1', '2', '3']);
  });

  test('inside a transaction: rolled back with it', async () => {
    await withTransaction(t.db, async (tx) => {
      await bulkInsert(tx, 'bulk_probe', COLUMNS, [['gone', 1, true, [1], null, 99]]);
      throw new Error('roll back');
    }).catch(() => {});

    expect((await probe(t.db)).map((r) => r.n)).not.toContain('99');
  });

  test('more rows than one COPY takes: every row lands once, in slices, and a late bad row is found before any', async () => {
    const rows = [100, 101, 102, 103, 104].map((n) => [`slice ${n}`, n / 10, n % 2 === 0, [n], null, n]);

    await bulkInsert(t.db, 'bulk_probe', COLUMNS, rows, 2);
    const wrongWidthLast = [...rows.map((row) => [...row.slice(0, 5), Number(row[5]) + 10]), ['short', 1]];
    const refused = bulkInsert(t.db, 'bulk_probe', COLUMNS, wrongWidthLast, 2);

    await expect(refused).rejects.toThrow(/row 5 has 2 cells, expected 6/);
    const landed = (await probe(t.db)).filter((r) => r.name?.startsWith('slice '));
    expect(landed.map((r) => [r.name, r.n])).toEqual(rows.map((row) => [row[0], String(row[5])]));
  });

  test('refuses identifiers that are not plain names, rows of the wrong width and types it cannot encode', async () => {
    await expect(bulkInsert(t.db, 'bulk_probe; DROP TABLE x', COLUMNS, [])).rejects.toThrow(/bad table name/);
    await expect(bulkInsert(t.db, 'bulk_probe', COLUMNS, [['a', 1]])).rejects.toThrow(/row 0 has 2 cells, expected 6/);
    await expect(bulkInsert(t.db, 'bulk_probe', [{ name: 'score', type: 'numeric' }], [[1]])).rejects.toThrow(
      /no binary encoder for column score of type numeric/,
    );
  });
});

describe('bulkSelect', () => {
  test('decodes text, numbers, booleans, times and nulls; an inlined escaped literal round-trips', async () => {
    const rows = await bulkSelect(
      t.db,
      `SELECT ${pg.escapeLiteral("o'brien")} AS a, 42::int4 AS b, 9007199254740991::int8 AS c, 0.1::float8 AS d, true AS e,
        '2026-11-21T10:00:00.123Z'::timestamptz AS f, NULL::text AS g, NULL::float8 AS h`,
      ['text', 'int4', 'int8', 'float8', 'bool', 'timestamptz', 'text', 'float8'],
    );

    expect(rows).toEqual([
      ["o'brien", 42, 9007199254740991, 0.1, true, Date.parse('2026-11-21T10:00:00.123Z'), null, null],
    ]);
  });

  test('returns no rows for an empty result', async () => {
    expect(await bulkSelect(t.db, 'SELECT 1 AS a WHERE false', ['int4'])).toEqual([]);
  });

  test('bulkSelectNamed names each row’s fields in column order', async () => {
    type Row = { id: string; 'odd name': number | null; ok: boolean };
    const rows = await bulkSelectNamed<Row>(
      t.db,
      `SELECT 'p' || g AS id, CASE WHEN g = 2 THEN NULL ELSE g END AS n, g = 1 AS ok FROM generate_series(1, 2) AS g`,
      [
        ['id', 'text'],
        ['odd name', 'int4'],
        ['ok', 'bool'],
      ],
    );

    expect(rows).toEqual([
      { id: 'p1', 'odd name': 1, ok: true },
      { id: 'p2', 'odd name': null, ok: false },
    ]);
  });
});

describe('text[] both ways', () => {
  test('a text[] column round-trips through bulkInsert and bulkSelect: empty, multi-byte, commas and quotes', async () => {
    await t.db.execute(sql`CREATE TABLE bulk_text_arrays (id int4, chains text[])`);
    const values = [[], ['Ethereum'], ['以太坊', 'a,b', 'say "hi"', '{brace}', '']];

    await bulkInsert(
      t.db,
      'bulk_text_arrays',
      [
        { name: 'id', type: 'int4' },
        { name: 'chains', type: 'text[]' },
      ],
      values.map((chains, id) => [id, chains]),
    );

    const stored = await queryRows<{ chains: string[] }>(t.db, sql`SELECT chains FROM bulk_text_arrays ORDER BY id`);
    expect(stored.map((r) => r.chains)).toEqual(values);
    const read = await bulkSelect(t.db, 'SELECT chains, NULL::text[] FROM bulk_text_arrays ORDER BY id', [
      'text[]',
      'text[]',
    ]);
    expect(read).toEqual(values.map((chains) => [chains, null]));
  });
});
