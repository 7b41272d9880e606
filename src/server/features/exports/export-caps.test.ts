import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import type { ExportFormat } from './export-document.ts';
import { buildExportDocument, type SourceContext } from './export-sources.ts';
import { writeExport } from './writers/index.ts';
import { collectOutput, parseCsv, readZipEntries, SKIP_WITHOUT_POPPLER } from './writers/test-support.ts';

// A file cut at the export's row cap says so in itself, in each format, without breaking what a machine reads: a
// readable csv opens with a "#" line, a raw csv never does; an xlsx without metadata gets an About sheet; a pdf
// states the cut under its title; the metadata (every format) states the cap.

const CUT = 'Only the first 2 of 5 matching rows (VIP exports have no row limit)';
const dir = mkdtempSync(join(tmpdir(), 'heatrank-caps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a cut export states its row cap in the file', () => {
  let t: TestApp;
  let ctx: SourceContext;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(
      t.db,
      ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, heat: 50 + i })),
    );
    const owner = await signUpWithPoints(t.app, t.db, 'caps@example.com');
    const viewer = { userId: owner.userId, level: 'premium', actualLevel: 'premium', testLevel: null } as const;
    ctx = { db: t.db, viewer, rowCap: 2, now: new Date('2026-11-24T12:00:00Z') };
  });
  afterAll(() => t.close());

  async function write(format: ExportFormat, options: { raw?: boolean; includeMetadata?: boolean } = {}) {
    const includeMetadata = options.includeMetadata ?? false;
    const built = await buildExportDocument(
      ctx,
      { kind: 'directory', filters: { sort: 'heat' } },
      { format, language: 'en', columns: ['name', 'heatScore'], raw: options.raw ?? false, includeMetadata },
    );
    const { out, bytes } = collectOutput();
    await writeExport(format, built.document, out, { includeMetadata, zip: false, baseName: 'cut' });
    return bytes();
  }

  test('csv: a readable one opens with the cut as a "#" line; a raw one holds only the header and rows', async () => {
    const readable = parseCsv((await write('csv')).toString('utf8').replace(/^\uFEFF/, ''));
    const raw = parseCsv((await write('csv', { raw: true })).toString('utf8').replace(/^\uFEFF/, ''));

    expect(readable).toEqual([[`# ${CUT}`], ['Name', 'Heat'], ['Project e', '54'], ['Project d', '53']]);
    expect(raw).toEqual([
      ['name', 'heatScore'],
      ['Project e', '54'],
      ['Project d', '53'],
    ]);
  });

  test('csv with metadata: the zip metadata states the cap and the rows matched', async () => {
    const entries = readZipEntries(await write('csv', { raw: true, includeMetadata: true }));
    const metadata = JSON.parse(entries.get('cut.metadata.json')!.toString('utf8'));

    expect(metadata.rowLimit).toEqual({ cap: 2, matched: 5 });
  });

  test('xlsx: without metadata an About sheet states the cut; with metadata its Row limit line does', async () => {
    const read = async (file: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
      return workbook.worksheets.map((sheet) => ({
        name: sheet.name,
        rows: sheet.getSheetValues().flatMap((row) => (row ? [(row as unknown[]).slice(1)] : [])),
      }));
    };
    const bare = await read(await write('xlsx'));
    const full = await read(await write('xlsx', { includeMetadata: true }));

    expect(bare.map((s) => s.name)).toEqual(['Project analysis', 'About']);
    expect(bare[1]!.rows).toEqual([['Row limit', CUT]]);
    expect(full.at(-1)!.rows).toContainEqual(['Row limit', CUT]);
  });

  test.skipIf(SKIP_WITHOUT_POPPLER)('pdf: the cut and the pdf limit are stated under the title', async () => {
    const path = join(dir, 'cut.pdf');
    writeFileSync(path, await write('pdf'));
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

    expect(text).toContain(CUT);
    expect(text).toContain('A PDF holds at most 5,000 rows; export as CSV or XLSX for the full data.');
  });
});
