import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import type { ExportColumn, ExportDocument, ExportRow, ExportTable } from '../export-document.ts';

/**
 * The pdf tests read files back with poppler-utils (pdftotext, pdftoppm, pdfinfo, pdffonts). CI installs it and must
 * run them (.ci/run); elsewhere, without it, they are skipped with a note rather than failing `npm test` on a machine
 * that only has Node.
 */
export const SKIP_WITHOUT_POPPLER = process.env.CI !== 'true' && spawnSync('pdftoppm', ['-v']).error !== undefined;
if (SKIP_WITHOUT_POPPLER)
  console.warn('pdf read-back tests skipped: install poppler-utils (pdftotext, pdftoppm) to run them');

// Fixtures for the writer tests and the exports bench: Chinese names and the edge values every format must carry
// (null, 0, negatives, huge numbers, commas, quotes, line breaks, emoji, formula-like text).

export const SAMPLE_COLUMNS: ExportColumn[] = [
  { key: 'name', label: '项目名称', type: 'text' },
  { key: 'sector', label: '赛道', type: 'text' },
  { key: 'rank', label: '排名', type: 'integer' },
  { key: 'heat', label: '热度', type: 'decimal' },
  { key: 'change24h', label: '24小时变化', type: 'percent' },
  { key: 'marketCap', label: '市值', type: 'usd' },
  { key: 'listedAt', label: '上线日期', type: 'date' },
  { key: 'updatedAt', label: '更新时间', type: 'datetime' },
  { key: 'verified', label: '已验证', type: 'boolean' },
];

export const SAMPLE_ROWS: ExportRow[] = [
  {
    name: '以太坊',
    sector: '去中心化交易',
    rank: 1,
    heat: 87.25,
    change24h: 12.5,
    marketCap: 420_000_000_000,
    listedAt: new Date('2015-07-30T00:00:00Z'),
    updatedAt: new Date('2026-11-24T08:15:30Z'),
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
    updatedAt: new Date('2026-11-24T08:15:30.123Z'),
    verified: false,
  },
  {
    name: '多行\n名称\r\n第三行 🦄',
    sector: null,
    rank: 3,
    heat: -1.5,
    change24h: null,
    marketCap: 123_456_789_012_345_680_000,
    listedAt: new Date('2020-02-29T00:00:00Z'),
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

/** An async iterable over `rows`, read lazily as a database source is. */
export async function* toAsyncRows(rows: readonly ExportRow[]): AsyncGenerator<ExportRow> {
  for (const row of rows) yield row;
}

export function sampleTable(name = 'projects', rows: readonly ExportRow[] = SAMPLE_ROWS): ExportTable {
  return { name, title: '项目列表', columns: SAMPLE_COLUMNS, rows: toAsyncRows(rows) };
}

export function sampleDocument(tables: ExportTable[] = [sampleTable()], language: 'zh' | 'en' = 'zh'): ExportDocument {
  return {
    metadata: {
      title: language === 'zh' ? '项目目录' : 'Project directory',
      language,
      generatedAt: new Date('2026-11-24T09:00:00Z'),
      modelVersion: 'heat-v3',
      filters: language === 'zh' ? { 赛道: '去中心化交易', 排序: '热度' } : { Sector: 'DEX', Sort: 'Heat' },
      sources: [
        { source: 'CoinGecko', asOf: new Date('2026-11-24T08:00:00Z') },
        { source: 'GitHub', asOf: null },
      ],
    },
    tables,
  };
}

/** A Writable that keeps what is written, for reading a file back in a test. */
export function collectOutput(): { out: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

/**
 * The entries of a zip (name → content), read from its central directory; checks each entry's CRC. Enough for the
 * archives yazl writes in tests (no zip64: test archives are small).
 */
export function readZipEntries(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const content = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(content) !== crc) throw new Error(`CRC mismatch in ${name}`);
    entries.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A small RFC 4180 parser (quoted fields, doubled quotes, CRLF or LF inside quotes) for reading csv back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
