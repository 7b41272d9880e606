import type { ExportCell, ExportColumn, ExportRow } from '../export-document.ts';

// Column widths from the header and a sample of the first rows (the rest streams and is not looked at), in
// "characters" as spreadsheets count them: a CJK or other wide character counts two.

/** How many rows are read ahead to size the columns (xlsx, pdf). */
export const WIDTH_SAMPLE_ROWS = 200;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Display width of a text: wide (CJK, full-width) characters and emoji count two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) || (ch.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
  return width;
}

/** Width of a cell as the writers show it (numbers with thousands separators, dates as YYYY-MM-DD). */
function cellWidth(cell: ExportCell | undefined, column: ExportColumn): number {
  if (cell === null || cell === undefined) return 0;
  if (cell instanceof Date) return column.type === 'date' ? 10 : 19;
  if (typeof cell === 'number') {
    const digits = Math.trunc(Math.abs(cell)).toString().length;
    const grouped = digits + Math.floor((digits - 1) / 3) + (cell < 0 ? 1 : 0);
    return column.type === 'integer'
      ? grouped
      : grouped + 3 + (column.type === 'usd' || column.type === 'percent' ? 1 : 0);
  }
  if (typeof cell === 'boolean') return 5;
  return Math.max(...cell.split(/\r?\n/).map(displayWidth));
}

/** Widths per column: the widest of header and sampled cells, plus padding, within [min, max]. */
export function measureColumnWidths(
  columns: readonly ExportColumn[],
  sample: readonly ExportRow[],
  { min = 6, max = 60 }: { min?: number; max?: number } = {},
): number[] {
  return columns.map((column) => {
    let widest = displayWidth(column.label);
    for (const row of sample) widest = Math.max(widest, cellWidth(row[column.key], column));
    return Math.min(max, Math.max(min, widest + 2));
  });
}

/** Reads up to `count` rows ahead; `rows` yields them again followed by the rest, so the source is read once. */
export async function readAhead(
  source: AsyncIterable<ExportRow>,
  count: number,
): Promise<{ head: ExportRow[]; rows: AsyncIterable<ExportRow> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: ExportRow[] = [];
  let done = false;
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  async function* all(): AsyncGenerator<ExportRow> {
    yield* head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, rows: all() };
}
