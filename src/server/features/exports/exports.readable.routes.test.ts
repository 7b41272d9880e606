import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ExportSchema,
  PDF_MAX_COLUMNS,
  PROJECT_EXPORT_COLUMNS,
  pdfColumnsOf,
} from '../../../shared/api/exports.schema.ts';
import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { createExport, waitForExport } from './exports.test-support.ts';
import { parseCsv, SKIP_WITHOUT_POPPLER } from './writers/test-support.ts';

// Exports a reader can use, over HTTP on the built-in catalogue (real sectors, statuses, sample sources, unrounded
// heat): readable csv/xlsx in the export's language and rounded as the page, raw for analysts, and a pdf whose headers
// and numbers are whole in zh and en.

const dir = mkdtempSync(join(tmpdir(), 'heatrank-readable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLUMNS = ['name', 'category', 'status', 'heatScore', 'verified', 'marketSource', 'marketCap'];

async function exportFile(agent: Agent, options: object, lang: Language = 'en'): Promise<Buffer> {
  const created = await agent.request({
    method: 'POST',
    url: `/api/exports?lang=${lang}`,
    payload: { source: { kind: 'directory', filters: { sort: 'heat' } }, options },
  });
  expect(created.statusCode).toBe(202);
  const done = ExportSchema.parse(await waitForExport(agent, created.json().id));
  expect(done.state).toBe('completed');
  return (await agent.request({ method: 'GET', url: `/api/exports/${done.id}/download` })).rawPayload;
}

const named = (lang: Language, key: string, id: string) => {
  const text = translate(lang, key);
  return text === key ? id : text;
};

describe('exports a reader can use', () => {
  let t: TestApp;
  let agent: Agent;
  let items: ProjectListItem[];
  let sectorZh: Map<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ agent } = await signUpWithPoints(t.app, t.db, 'readable@example.com'));
    items = [];
    for (let total = 1; items.length < total; ) {
      const url = `/api/projects?sort=heat&limit=100&offset=${items.length}`;
      const page = (await t.app.inject({ method: 'GET', url })).json();
      total = page.total;
      items.push(...page.items);
    }
    const sectors = (await t.app.inject({ method: 'GET', url: '/api/sectors' })).json().items;
    sectorZh = new Map(sectors.map((s: { name: string; nameZh: string | null }) => [s.name, s.nameZh ?? s.name]));
  });
  afterAll(() => t.close());

  /** A project row as a reader of the page sees it, in `lang`. */
  const readable = (item: ProjectListItem, lang: Language) => [
    item.name,
    lang === 'zh' ? (sectorZh.get(item.category) ?? item.category) : item.category,
    item.status === null ? '' : named(lang, `heat.status.${item.status}`, item.status),
    item.heatScore === null ? translate(lang, 'exports.values.noData') : String(Number(item.heatScore.toFixed(1))),
    translate(lang, item.verified ? 'exports.values.yes' : 'exports.values.no'),
    item.marketSource ? named(lang, `provenance.sources.${item.marketSource.source}`, item.marketSource.source) : '',
  ];

  test('the catalogue holds what the readable values are about: sample sources, unrounded heat, Chinese sectors', () => {
    expect(items.length).toBeGreaterThan(5);
    expect(items.some((i) => i.marketSource?.source === 'catalogue-sample')).toBe(true);
    expect(items.some((i) => i.heatScore !== null && i.heatScore !== Number(i.heatScore.toFixed(1)))).toBe(true);
    expect([...sectorZh].some(([name, zh]) => name !== zh)).toBe(true);
  });

  test('a Chinese csv names sectors, status, yes/no and sources in Chinese and rounds heat as the page', async () => {
    const csv = await exportFile(agent, { format: 'csv', language: 'zh', columns: COLUMNS, includeMetadata: false });
    const [header, ...rows] = parseCsv(csv.toString('utf8').replace(/^\uFEFF/, ''));

    expect(header).toEqual(COLUMNS.map((key) => translate('zh', `exports.columns.${key}`)));
    expect(rows.map((row) => row.slice(0, 6))).toEqual(items.map((item) => readable(item, 'zh')));
    expect(rows.map((r) => r[5])).toContain('内置目录（样本）');
    expect(rows.flat().filter((v) => /^\d+\.\d{2,}$/.test(v) && !v.includes(','))).toEqual([]);
    expect(rows.flat()).not.toContain('catalogue-sample');
    expect(rows.flat()).not.toContain('false');
  });

  test('the raw option keeps stored ids, full precision and column keys as headers', async () => {
    const csv = await exportFile(agent, {
      format: 'csv',
      language: 'zh',
      columns: COLUMNS,
      includeMetadata: false,
      raw: true,
    });
    const [header, ...rows] = parseCsv(csv.toString('utf8').replace(/^\uFEFF/, ''));

    expect(header).toEqual(COLUMNS);
    expect(rows).toEqual(
      items.map((i) => [
        i.name,
        i.category,
        i.status ?? '',
        i.heatScore === null ? '' : String(i.heatScore),
        String(i.verified),
        i.marketSource?.source ?? '',
        i.marketCap === null ? '' : String(i.marketCap),
      ]),
    );
  });

  test('an English xlsx: English words, heat a number rounded to one decimal with a one-decimal format', async () => {
    const file = await exportFile(agent, { format: 'xlsx', language: 'en', columns: COLUMNS, includeMetadata: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);

    expect(values(1)).toEqual(COLUMNS.map((key) => translate('en', `exports.columns.${key}`)));
    const scored = items.findIndex((i) => i.heatScore !== null);
    const row = values(scored + 2);
    expect(row.slice(0, 3).concat(row.slice(4, 6))).toEqual(
      readable(items[scored]!, 'en').slice(0, 3).concat(readable(items[scored]!, 'en').slice(4, 6)),
    );
    expect(row[3]).toBe(Number(items[scored]!.heatScore!.toFixed(1)));
    expect(sheet.getColumn(4).numFmt).toBe('#,##0.0');
    const about = workbook.worksheets.at(-1)!;
    const lines = about.getSheetValues().map((r) => (r as unknown[] | undefined)?.slice(1).join(': '));
    expect(lines).toContain('Row limit: At most 10,000 rows per export (no limit with VIP)');
  });

  describe.skipIf(SKIP_WITHOUT_POPPLER)('pdf', () => {
    for (const lang of ['zh', 'en'] as const) {
      test(`${lang}: landscape, the print set's headers whole, numbers whole, no ellipsis, the limit stated`, async () => {
        const pdf = await exportFile(agent, { format: 'pdf', language: lang, includeMetadata: true }, lang);
        const path = join(dir, `directory-${lang}.pdf`);
        writeFileSync(path, pdf);
        const raw = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
        const flat = raw.replace(/\s+/g, '');

        expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Page size:\s+841.89 x 595.28 pts/);
        // Headers in drawing order (a wrapped header's lines follow each other): all eight, none cut.
        const labels = pdfColumnsOf('directory').map((key) => translate(lang, `exports.columns.${key}`));
        expect(flat).toContain(labels.join('').replace(/\s+/g, ''));
        expect(raw).not.toContain('…');
        const first = items[0]!;
        const cap = new Intl.NumberFormat(lang, {
          style: 'currency',
          currency: 'USD',
          currencyDisplay: 'narrowSymbol',
        });
        expect(first.marketCap).toBeGreaterThan(1000);
        expect(flat).toContain(first.heatScore!.toFixed(1));
        expect(flat).toContain(cap.format(Math.round(first.marketCap!)).replace(/\.00$/, ''));
        expect(flat).toContain(first.name.replace(/\s+/g, ''));
        expect(flat).toContain((lang === 'zh' ? 'PDF最多包含5,000行' : 'APDFholdsatmost5,000rows').replace(/\s+/g, ''));
      });
    }

    test('a pdf may hold PDF_MAX_COLUMNS chosen columns: every header and number whole in the smaller type', async () => {
      const columns = PROJECT_EXPORT_COLUMNS.slice(0, PDF_MAX_COLUMNS); // name … priceChange24h
      expect(columns).toHaveLength(PDF_MAX_COLUMNS);
      const pdf = await exportFile(agent, { format: 'pdf', language: 'en', columns, includeMetadata: false });
      const path = join(dir, 'wide.pdf');
      writeFileSync(path, pdf);
      const raw = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });

      const labels = columns.map((key) => translate('en', `exports.columns.${key}`).replace(/\s+/g, ''));
      expect(raw.replace(/\s+/g, '')).toContain(labels.join(''));
      expect(raw).not.toContain('…');
    });
  });

  test('bad options are a 400 in the error shape, in the request language, and nothing is counted', async () => {
    const usage = async () =>
      (await agent.request({ method: 'GET', url: '/api/me/usage' }))
        .json()
        .quotas.find((q: { quota: string }) => q.quota === 'dailyExports').used;
    const before = await usage();
    const tooMany = [...pdfColumnsOf('directory'), 'chains', 'status', 'socialScore', 'price', 'priceChange24h'];
    expect(tooMany.length).toBeGreaterThan(PDF_MAX_COLUMNS);
    const source = { kind: 'directory', filters: {} };
    const zh = await agent.request({
      method: 'POST',
      url: '/api/exports?lang=zh',
      payload: { source, options: { format: 'pdf', columns: tooMany } },
    });
    const en = await createExport(agent, { source, options: { format: 'pdf', columns: tooMany } });
    const raw = await createExport(agent, { source, options: { format: 'csv', raw: 'yes' } });
    const schedule = await agent.request({
      method: 'POST',
      url: '/api/export-schedules?lang=en',
      payload: { source, options: { format: 'pdf', columns: tooMany }, frequency: 'daily', delivery: 'download' },
    });

    for (const response of [zh, en, raw, schedule]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    expect(zh.json().error.message).toContain(`PDF 最多包含 ${PDF_MAX_COLUMNS} 列`);
    expect(en.json().error.message).toContain(`A PDF holds at most ${PDF_MAX_COLUMNS} columns`);
    expect(await usage()).toBe(before);
    // The same wide choice is fine for a csv (a spreadsheet has room).
    expect((await createExport(agent, { source, options: { format: 'csv', columns: tooMany } })).statusCode).toBe(202);
  });
});
