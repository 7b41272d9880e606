import { describe, expect, test } from 'vitest';
import { writeExport } from './index.ts';
import { collectOutput, readZipEntries, sampleDocument, sampleTable } from './test-support.ts';

const OPTIONS = { includeMetadata: true, zip: false, baseName: 'projects' };

// The sample rows as JSON must carry them: dates as ISO strings (a date column as YYYY-MM-DD), nulls kept.
const EXPECTED_ROWS = [
  {
    name: '以太坊',
    sector: '去中心化交易',
    rank: 1,
    heat: 87.25,
    change24h: 12.5,
    marketCap: 420_000_000_000,
    listedAt: '2015-07-30',
    updatedAt: '2026-11-24T08:15:30.000Z',
    verified: true,
  },
  {
    name: 'Uniswap, "the" DEX',
    sector: '去中心化交易',
    rank: 2,
    heat: 0,
    change24h: -3.75,
    marketCap: 0,
    listedAt: null,
    updatedAt: '2026-11-24T08:15:30.123Z',
    verified: false,
  },
  {
    name: '多行\n名称\r\n第三行 🦄',
    sector: null,
    rank: 3,
    heat: -1.5,
    change24h: null,
    marketCap: 123_456_789_012_345_680_000,
    listedAt: '2020-02-29',
    updatedAt: null,
    verified: null,
  },
  {
    name: "=cmd|' /C calc'!A0",
    sector: '+SUM(1,2)',
    rank: 4,
    heat: 1e-7,
    change24h: 0,
    marketCap: -5,
    listedAt: null,
    updatedAt: null,
    verified: true,
  },
  {
    name: '@备注',
    sector: '-减号',
    rank: 5,
    heat: 50,
    change24h: 100,
    marketCap: 1.5,
    listedAt: null,
    updatedAt: null,
    verified: false,
  },
  {
    name: '\t制表符',
    sector: '\r回车',
    rank: 6,
    heat: 2,
    change24h: 3,
    marketCap: 4,
    listedAt: null,
    updatedAt: null,
    verified: false,
  },
];

describe('json writer', () => {
  test('reads back equal to the rows, with metadata and row counts', async () => {
    const { out, bytes } = collectOutput();
    const document = sampleDocument([sampleTable('projects'), sampleTable('history', [])]);

    const result = await writeExport('json', document, out, OPTIONS);

    const parsed = JSON.parse(bytes().toString('utf8'));
    expect(Object.keys(parsed)).toEqual(['metadata', 'tables', 'rowCounts']);
    expect(parsed.tables).toEqual({ projects: EXPECTED_ROWS, history: [] });
    expect(parsed.rowCounts).toEqual({ projects: 6, history: 0 });
    expect(parsed.metadata).toEqual({
      title: '项目目录',
      language: 'zh',
      generatedAt: '2026-11-24T09:00:00.000Z',
      modelVersion: 'heat-v3',
      filters: { 赛道: '去中心化交易', 排序: '热度' },
      sources: [
        { source: 'CoinGecko', asOf: '2026-11-24T08:00:00.000Z' },
        { source: 'GitHub', asOf: null },
      ],
    });
    expect(result).toEqual({
      rowCounts: { projects: 6, history: 0 },
      fileName: 'projects.json',
      contentType: 'application/json; charset=utf-8',
    });
  });

  test('only the columns named, in column order, and no metadata key when it is not asked for', async () => {
    const { out, bytes } = collectOutput();
    const table = { ...sampleTable(), columns: [{ key: 'rank', label: 'Rank', type: 'integer' as const }] };

    await writeExport('json', sampleDocument([table]), out, { ...OPTIONS, includeMetadata: false });

    const parsed = JSON.parse(bytes().toString('utf8'));
    expect(parsed).toEqual({
      tables: { projects: [1, 2, 3, 4, 5, 6].map((rank) => ({ rank })) },
      rowCounts: { projects: 6 },
    });
  });

  test('zipped: <base>.json plus <base>.metadata.json', async () => {
    const { out, bytes } = collectOutput();

    const result = await writeExport('json', sampleDocument(), out, { ...OPTIONS, zip: true });

    expect(result.fileName).toBe('projects.zip');
    const entries = readZipEntries(bytes());
    expect([...entries.keys()]).toEqual(['projects.json', 'projects.metadata.json']);
    expect(JSON.parse(entries.get('projects.json')!.toString('utf8')).tables.projects).toEqual(EXPECTED_ROWS);
    expect(JSON.parse(entries.get('projects.metadata.json')!.toString('utf8')).rowCounts).toEqual({ projects: 6 });
  });
});
