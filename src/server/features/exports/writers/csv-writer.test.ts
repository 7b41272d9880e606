import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { ExportRow } from '../export-document.ts';
import { writeExport } from './index.ts';
import {
  collectOutput,
  parseCsv,
  readZipEntries,
  SAMPLE_COLUMNS,
  sampleDocument,
  sampleTable,
} from './test-support.ts';

const OPTIONS = { includeMetadata: false, zip: false, baseName: 'projects' };

// What a spreadsheet user should read back for each sample row, written out by hand (not derived from the writer).
const EXPECTED_ROWS = [
  ['以太坊', '去中心化交易', '1', '87.25', '12.5', '420000000000', '2015-07-30', '2026-11-24T08:15:30.000Z', 'true'],
  ['Uniswap, "the" DEX', '去中心化交易', '2', '0', '-3.75', '0', '', '2026-11-24T08:15:30.123Z', 'false'],
  ['多行\n名称\r\n第三行 🦄', '', '3', '-1.5', '', '123456789012345680000', '2020-02-29', '', ''],
  ["'=cmd|' /C calc'!A0", "'+SUM(1,2)", '4', '1e-7', '0', '-5', '', '', 'true'],
  ["'@备注", "'-减号", '5', '50', '100', '1.5', '', '', 'false'],
  ["'\t制表符", "'\r回车", '6', '2', '3', '4', '', '', 'false'],
];

describe('csv writer', () => {
  test('starts with a UTF-8 BOM and reads back equal to the rows, header = labels', async () => {
    const { out, bytes } = collectOutput();

    const result = await writeExport('csv', sampleDocument(), out, OPTIONS);

    const file = bytes();
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(file.toString('utf8').slice(1));
    expect(rows[0]).toEqual(SAMPLE_COLUMNS.map((c) => c.label));
    expect(rows.slice(1)).toEqual(EXPECTED_ROWS);
    expect(result).toEqual({
      rowCounts: { projects: 6 },
      fileName: 'projects.csv',
      contentType: 'text/csv; charset=utf-8',
    });
  });

  test('quotes per RFC 4180 and guards formula-like text but not negative numbers', async () => {
    const { out, bytes } = collectOutput();

    await writeExport('csv', sampleDocument(), out, OPTIONS);

    const text = bytes().toString('utf8');
    expect(text).toContain('"Uniswap, ""the"" DEX"');
    expect(text).toContain('"多行\n名称\r\n第三行 🦄"');
    expect(text).toContain("'=cmd|' /C calc'!A0,\"'+SUM(1,2)\",4,1e-7,0,-5,,,true\r\n");
    expect(text).not.toMatch(/(^|,|\n)[=+@]/);
  });

  test('several tables or the metadata make a zip: one csv per table plus <base>.metadata.json', async () => {
    const { out, bytes } = collectOutput();
    const document = sampleDocument([sampleTable('projects'), sampleTable('history', [])]);

    const result = await writeExport('csv', document, out, { ...OPTIONS, includeMetadata: true });

    expect(result.fileName).toBe('projects.zip');
    expect(result.contentType).toBe('application/zip');
    const entries = readZipEntries(bytes());
    expect([...entries.keys()]).toEqual(['projects-projects.csv', 'projects-history.csv', 'projects.metadata.json']);
    expect(parseCsv(entries.get('projects-projects.csv')!.toString('utf8').slice(1)).slice(1)).toEqual(EXPECTED_ROWS);
    expect(parseCsv(entries.get('projects-history.csv')!.toString('utf8').slice(1))).toEqual([
      SAMPLE_COLUMNS.map((c) => c.label),
    ]);
    const metadata = JSON.parse(entries.get('projects.metadata.json')!.toString('utf8'));
    expect(metadata).toMatchObject({
      title: '项目目录',
      generatedAt: '2026-11-24T09:00:00.000Z',
      modelVersion: 'heat-v3',
      filters: { 赛道: '去中心化交易' },
      sources: [
        { source: 'CoinGecko', asOf: '2026-11-24T08:00:00.000Z' },
        { source: 'GitHub', asOf: null },
      ],
      rowCounts: { projects: 6, history: 0 },
    });
  });

  test('a failing row source rejects and destroys the output', async () => {
    const { out } = collectOutput();
    async function* failing(): AsyncGenerator<ExportRow> {
      yield { name: '以太坊' };
      throw new Error('database went away');
    }
    const document = sampleDocument([{ ...sampleTable(), rows: failing() }]);

    await expect(writeExport('csv', document, out, OPTIONS)).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });

  test.each([
    { zip: false, label: 'plain' },
    { zip: true, label: 'zipped' },
  ])('100,000 rows stream ($label) through a slow counting Writable with bounded buffering', async ({ zip }) => {
    let bytes = 0;
    let maxBuffered = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        maxBuffered = Math.max(maxBuffered, out.writableLength);
        setImmediate(callback); // a consumer slower than the producer: without 'drain' the buffer would grow
      },
    });
    let read = 0;
    async function* generated(): AsyncGenerator<ExportRow> {
      for (let i = 0; i < 100_000; i += 1) {
        read += 1;
        yield {
          name: `项目 ${i}`,
          sector: '去中心化交易',
          rank: i + 1,
          heat: i / 7,
          change24h: -i / 3,
          marketCap: i * 1e6,
        };
      }
    }
    const document = sampleDocument([{ ...sampleTable(), rows: generated() }]);

    const result = await writeExport('csv', document, out, { ...OPTIONS, zip });

    expect(read).toBe(100_000);
    expect(result.rowCounts).toEqual({ projects: 100_000 });
    expect(bytes).toBeGreaterThan(zip ? 100_000 : 100_000 * 30);
    // One batch (~64 K characters, ≤ ~200 KB in UTF-8) may sit in the buffer, never the file (> 3 MB unzipped).
    expect(maxBuffered).toBeLessThan(256 * 1024);
  });
});
