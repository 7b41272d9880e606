import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import type { ExportRow } from '../export-document.ts';
import { writeExport } from './index.ts';
import {
  collectOutput,
  readZipEntries,
  SAMPLE_COLUMNS,
  SAMPLE_ROWS,
  sampleDocument,
  sampleTable,
} from './test-support.ts';

const OPTIONS = { includeMetadata: true, zip: false, baseName: 'projects' };

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('xlsx writer', () => {
  test('one sheet per table plus a metadata sheet; typed values read back equal to the rows', async () => {
    const { out, bytes } = collectOutput();
    const history = { ...sampleTable('history', []), title: '历史' };

    const result = await writeExport('xlsx', sampleDocument([sampleTable(), history]), out, OPTIONS);

    expect(result).toEqual({
      rowCounts: { projects: 6, history: 0 },
      fileName: 'projects.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const workbook = await readWorkbook(bytes());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['项目列表', '历史', '元数据']);
    const sheet = workbook.getWorksheet('项目列表')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...SAMPLE_COLUMNS.map((c) => c.label)]);
    const readBack = SAMPLE_ROWS.map((_, i) => {
      const row = sheet.getRow(i + 2);
      return Object.fromEntries(SAMPLE_COLUMNS.map((c, j) => [c.key, row.getCell(j + 1).value ?? null]));
    });
    // Text stays text (no apostrophe: an xlsx string cell is never a formula) with Excel's LF line breaks; dates
    // come back as Dates.
    const lf = (cell: ExportRow[string] | undefined) =>
      typeof cell === 'string' ? cell.replace(/\r\n?/g, '\n') : (cell ?? null);
    expect(readBack).toEqual(
      SAMPLE_ROWS.map((row) => Object.fromEntries(SAMPLE_COLUMNS.map((c) => [c.key, lf(row[c.key])]))),
    );
    expect(sheet.getCell('A5').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('D2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('G2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('I2').type).toBe(ExcelJS.ValueType.Boolean);
    expect(workbook.getWorksheet('历史')!.rowCount).toBe(1);
  });

  test('number formats per column type, bold frozen header with an autofilter, sized columns', async () => {
    const { out, bytes } = collectOutput();

    await writeExport('xlsx', sampleDocument(), out, OPTIONS);

    const sheet = (await readWorkbook(bytes())).getWorksheet('项目列表')!;
    const formats = SAMPLE_COLUMNS.map((_, j) => sheet.getRow(2).getCell(j + 1).numFmt ?? null);
    expect(formats).toEqual([
      null,
      null,
      '#,##0',
      '#,##0.00',
      '#,##0.00"%"',
      '"$"#,##0.00',
      'yyyy-mm-dd',
      'yyyy-mm-dd hh:mm:ss',
      null,
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe('A1:I1');
    // 去中心化交易 is six wide characters: 12 plus padding.
    expect(sheet.getColumn(2).width).toBe(14);
  });

  test('the metadata sheet lists title, generated at, model version, filters, sources and row counts', async () => {
    const { out, bytes } = collectOutput();

    await writeExport('xlsx', sampleDocument([sampleTable()], 'en'), out, OPTIONS);

    const sheet = (await readWorkbook(bytes())).getWorksheet('Metadata')!;
    const lines = Object.fromEntries(
      Array.from({ length: sheet.rowCount }, (_, i) => [sheet.getCell(i + 1, 1).value, sheet.getCell(i + 1, 2).value]),
    );
    expect(lines).toEqual({
      Title: 'Project directory',
      'Generated at': '2026-11-24 09:00 UTC',
      'Model version': 'heat-v3',
      Filters: 'Sector: DEX; Sort: Heat',
      'Sources (as of)': 'CoinGecko (2026-11-24 08:00 UTC); GitHub (never fetched)',
      Rows: 'projects: 6',
    });
  });

  test('no metadata sheet when it is not asked for; control characters are dropped', async () => {
    const { out, bytes } = collectOutput();
    const rows: ExportRow[] = [{ name: 'a\u0000b\u0007c', rank: Number.NaN }];

    await writeExport('xlsx', sampleDocument([sampleTable('projects', rows)]), out, {
      ...OPTIONS,
      includeMetadata: false,
    });

    const workbook = await readWorkbook(bytes());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['项目列表']);
    expect(workbook.worksheets[0]!.getCell('A2').value).toBe('abc');
    expect(workbook.worksheets[0]!.getCell('C2').value).toBeNull();
  });

  test('zipped: <base>.xlsx plus <base>.metadata.json', async () => {
    const { out, bytes } = collectOutput();

    await writeExport('xlsx', sampleDocument(), out, { ...OPTIONS, zip: true });

    const entries = readZipEntries(bytes());
    expect([...entries.keys()]).toEqual(['projects.xlsx', 'projects.metadata.json']);
    expect((await readWorkbook(entries.get('projects.xlsx')!)).worksheets.length).toBe(2);
  });
});
