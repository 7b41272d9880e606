import type { Writable } from 'node:stream';
import type { ExportColumn, ExportTable } from '../export-document.ts';
import { type PlainValue, toPlainValue } from './cell-values.ts';
import { BatchedWriter } from './stream-io.ts';

// One table as RFC 4180 CSV: UTF-8 with a BOM (Excel then reads Chinese as UTF-8), CRLF line ends, header = the
// column labels. A CSV file holds exactly one table and nothing else, so a parser reads back exactly the rows; several
// tables or the metadata make the export a zip (export-file.ts).

export const UTF8_BOM = '\uFEFF';

// Spreadsheet apps run a cell starting with one of these as a formula (OWASP "CSV injection"); a leading apostrophe
// makes it text. Only string cells are guarded: a number such as -5 stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A string cell made inert for spreadsheets: a leading apostrophe when it starts like a formula. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when it holds a quote, a comma or a line break (RFC 4180 §2.6–2.7). */
export function toCsvField(value: PlainValue): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? guardFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsvLine(values: PlainValue[]): string {
  return `${values.map(toCsvField).join(',')}\r\n`;
}

/**
 * Writes the table (BOM, header, rows) into `out` without ending it; returns the number of rows written. `note` (a
 * readable export cut at its row cap) goes first as a `#` line: a person opening the file sees it in the first cell.
 * A raw export never carries one, so a machine's parser reads exactly the header and the rows.
 */
export async function writeCsvTable(table: ExportTable, out: Writable, note?: string): Promise<number> {
  const writer = new BatchedWriter(out);
  const columns: readonly ExportColumn[] = table.columns;
  const first = note && table.readable ? toCsvLine([`# ${note}`]) : '';
  await writer.push(UTF8_BOM + first + toCsvLine(columns.map((c) => c.label)));
  let count = 0;
  for await (const row of table.rows) {
    await writer.push(toCsvLine(columns.map((c) => toPlainValue(row[c.key], c.type, table.readable))));
    count += 1;
  }
  await writer.flush();
  return count;
}
