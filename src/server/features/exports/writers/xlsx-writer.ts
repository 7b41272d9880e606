import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportCellType, ExportDocument, ExportTable } from '../export-document.ts';
import { measureColumnWidths, readAhead, WIDTH_SAMPLE_ROWS } from './column-widths.ts';
import { FILE_LABELS } from './file-labels.ts';
import { cutNote, toMetadataLines } from './metadata.ts';
import { waitForRoom } from './stream-io.ts';

// xlsx through exceljs's streaming WorkbookWriter: each committed row goes to the zip as it is written, so 100,000
// rows never sit in memory. One sheet per table (tab = the table's title), header bold and frozen with an autofilter,
// typed cells with a number format per column type, widths from the header and the first rows; a metadata sheet last
// (its row counts are known only then) when asked for.

/** Excel number formats per column type. Percent cells hold the percentage itself (12.5 → "12.50%"), as csv/json do. */
export const XLSX_NUMBER_FORMATS: Record<ExportCellType, string | undefined> = {
  text: undefined,
  boolean: undefined,
  integer: '#,##0',
  decimal: '#,##0.00',
  percent: '#,##0.00"%"',
  usd: '"$"#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

const EXCEL_MAX_CELL_CHARS = 32_767;
// XML 1.0 cannot carry these; left in, they make a workbook Excel refuses to open.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// Let the zip (compression runs on the thread pool) catch up with a row source that never yields to the event loop.
const YIELD_EVERY_ROWS = 500;

type XlsxValue = string | number | boolean | Date | null;

/** The cell as exceljs stores it: Dates as dates (UTC), text with LF line breaks, cleaned for XML, cut to Excel's limit. */
export function toXlsxValue(cell: ExportCell | undefined): XlsxValue {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell;
  if (typeof cell === 'string') {
    // XML reads a raw CR as LF anyway; Excel's line break is LF.
    return cell.replace(/\r\n?/g, '\n').replace(XML_INVALID, '').slice(0, EXCEL_MAX_CELL_CHARS);
  }
  return cell;
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
export function toSheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 31 - `(${n})`.length)}(${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** A column's number format: the type's, with the column's own decimals where it has them (heat: "#,##0.0"). */
function numberFormatOf(column: ExportTable['columns'][number]): string | undefined {
  const base = XLSX_NUMBER_FORMATS[column.type];
  if (base === undefined || column.digits === undefined || !['decimal', 'percent'].includes(column.type)) return base;
  const decimals = column.digits > 0 ? `.${'0'.repeat(column.digits)}` : '';
  return column.type === 'percent' ? `#,##0${decimals}"%"` : `#,##0${decimals}`;
}

async function writeTableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  table: ExportTable,
  sheetName: string,
  out: Writable,
): Promise<number> {
  const { head, rows } = await readAhead(table.rows, WIDTH_SAMPLE_ROWS);
  const widths = measureColumnWidths(table.columns, head);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = table.columns.map((column, i) => {
    const numFmt = numberFormatOf(column);
    return { header: column.label, key: column.key, width: widths[i], ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  if (table.columns.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(table.columns.map((column) => toXlsxValue(row[column.key]))).commit();
    count += 1;
    if (count % YIELD_EVERY_ROWS === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      await waitForRoom(out);
    }
  }
  sheet.commit();
  return count;
}

function writeMetadataSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  document: ExportDocument,
  rowCounts: Record<string, number>,
  taken: Set<string>,
): void {
  const sheet = workbook.addWorksheet(toSheetName(FILE_LABELS[document.metadata.language].metadataSheet, taken));
  sheet.columns = [{ width: 22 }, { width: 100 }];
  for (const line of toMetadataLines(document.metadata, { rowCounts })) {
    const row = sheet.addRow([line.label, line.value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  sheet.commit();
}

/** Without the metadata, a workbook cut at its row cap still says so: a short About sheet with that one line. */
function writeAboutSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  document: ExportDocument,
  taken: Set<string>,
): void {
  const note = cutNote(document.metadata);
  if (!note) return;
  const labels = FILE_LABELS[document.metadata.language];
  const sheet = workbook.addWorksheet(toSheetName(labels.aboutSheet, taken));
  sheet.columns = [{ width: 22 }, { width: 100 }];
  const row = sheet.addRow([labels.rowLimit, note]);
  row.getCell(1).font = { bold: true };
  row.commit();
  sheet.commit();
}

/** Writes the document as an xlsx workbook into `out` and ends it; returns the rows written per table. */
export async function writeXlsx(
  document: ExportDocument,
  out: Writable,
  options: { includeMetadata: boolean },
): Promise<Record<string, number>> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'HeatRank';
  workbook.created = document.metadata.generatedAt;
  const taken = new Set<string>();
  const rowCounts: Record<string, number> = {};
  for (const table of document.tables) {
    rowCounts[table.name] = await writeTableSheet(workbook, table, toSheetName(table.title, taken), out);
  }
  if (options.includeMetadata) writeMetadataSheet(workbook, document, rowCounts, taken);
  else writeAboutSheet(workbook, document, taken);
  await workbook.commit();
  await finished(out);
  return rowCounts;
}
