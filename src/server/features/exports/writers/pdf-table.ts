import { PDF_COMPACT_FROM } from '../../../../shared/api/exports.schema.ts';
import type { ExportColumn, ExportRow, ExportTable } from '../export-document.ts';
import { readAhead, WIDTH_SAMPLE_ROWS } from './column-widths.ts';
import { FILE_LABELS } from './file-labels.ts';
import { capCellText, formatPdfCell, RIGHT_ALIGNED } from './pdf-cells.ts';
import { PDF_ROW_LIMIT } from './pdf-limits.ts';
import { MUTED_COLOR, type PdfPages, TEXT_COLOR } from './pdf-pages.ts';

// One table of the pdf: column widths from the header and the first rows, a header row repeated on every page, and
// rows whose text wraps in its column (a name is never cut) while a number stays on one line, whole: if it is wider
// than its column it is shown compact ($420B), and if still wider, set smaller until it fits.

const CELL_PAD = 4;
const V_PAD = 3;
const MIN_TEXT_COLUMN = 52;
const MAX_COLUMN = 240;
const MIN_FONT = 4;

type Language = 'zh' | 'en';
type Layout = { widths: number[]; size: number };

/** Text size of a table: smaller from PDF_COMPACT_FROM columns, so a wider choice still fits the landscape page. */
export const pdfCellSize = (columns: number) => (columns >= PDF_COMPACT_FROM ? 6.5 : 8);

const isText = (column: ExportColumn) =>
  !RIGHT_ALIGNED.has(column.type) && column.type !== 'date' && column.type !== 'datetime';

/** Pieces a line may break between: words, and each CJK character on its own. */
const breakPieces = (text: string) =>
  text.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff]+/gu) ?? [];

function cellText(row: ExportRow, column: ExportColumn, language: Language, compact = false): string {
  const text = formatPdfCell(row[column.key], column.type, language, { compact, digits: column.digits });
  return isText(column) ? capCellText(text) : text;
}

/**
 * Column widths in points. A number or date column gets its widest sampled value (whole, on one line) and its
 * header's longest word; a text column wants its widest value but may wrap down to MIN_TEXT_COLUMN. The page width
 * is shared: spare width goes to every column, missing width is taken from text columns first.
 */
function layoutColumns(pages: PdfPages, table: ExportTable, sample: readonly ExportRow[], language: Language): Layout {
  const { doc } = pages;
  const size = pdfCellSize(table.columns.length);
  const measured = table.columns.map((column) => {
    doc.font('bold').fontSize(size);
    const headerWord = Math.max(0, ...breakPieces(column.label).map((piece) => doc.widthOfString(piece)));
    const header = doc.widthOfString(column.label);
    doc.font('regular').fontSize(size);
    let widest = 0;
    for (const row of sample) widest = Math.max(widest, doc.widthOfString(cellText(row, column, language)));
    const pad = 2 * CELL_PAD;
    if (!isText(column)) {
      const need = Math.max(widest, headerWord) + pad;
      return { min: need, want: Math.max(need, Math.min(header + pad, MAX_COLUMN)) };
    }
    const min = Math.max(headerWord + pad, MIN_TEXT_COLUMN);
    return { min, want: Math.max(min, Math.min(MAX_COLUMN, Math.max(widest, header) + pad)) };
  });
  const usable = pages.usableWidth;
  const want = measured.reduce((sum, m) => sum + m.want, 0);
  if (want <= usable) return { widths: measured.map((m) => (m.want * usable) / want), size };
  const min = measured.reduce((sum, m) => sum + m.min, 0);
  if (min <= usable) {
    // Each column gives up the same share of what it has above its minimum.
    const share = (usable - min) / (want - min);
    return { widths: measured.map((m) => m.min + (m.want - m.min) * share), size };
  }
  // Even the minimums do not fit (very long numbers in many columns): scale all; drawCell then sets numbers smaller.
  return { widths: measured.map((m) => (m.min * usable) / min), size };
}

type Cell = { text: string; size: number; height: number };

/** A cell's text, size and height: text wraps; a number shrinks (compact, then a smaller size) rather than wraps. */
function fitCell(
  pages: PdfPages,
  text: string,
  column: ExportColumn,
  width: number,
  size: number,
  bold: boolean,
): Cell {
  const { doc } = pages;
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  if (bold || isText(column)) return { text, size, height: doc.heightOfString(text, { width }) };
  const natural = doc.widthOfString(text);
  const fitted = natural <= width ? size : Math.max(MIN_FONT, (size * width) / natural);
  doc.fontSize(fitted);
  return { text, size: fitted, height: doc.currentLineHeight(true) };
}

type RowOptions = { header: boolean; shade: string | undefined };

/** Draws one row (header or data) at the current y; the caller has checked that `height` fits the page. */
function drawRow(
  pages: PdfPages,
  table: ExportTable,
  layout: Layout,
  row: { cells: Cell[]; height: number },
  options: RowOptions,
) {
  const { doc } = pages;
  const { cells, height } = row;
  const { header, shade } = options;
  const tableWidth = layout.widths.reduce((a, b) => a + b, 0);
  if (shade) doc.rect(pages.left, pages.y, tableWidth, height).fill(shade);
  let x = pages.left;
  for (const [i, column] of table.columns.entries()) {
    const width = layout.widths[i] ?? MIN_TEXT_COLUMN;
    const cell = cells[i];
    if (cell && cell.text !== '') {
      doc
        .font(header ? 'bold' : 'regular')
        .fontSize(cell.size)
        .fillColor(TEXT_COLOR);
      const inner = width - 2 * CELL_PAD;
      const y = pages.y + V_PAD;
      if (RIGHT_ALIGNED.has(column.type) && !header) {
        doc.text(cell.text, x + width - CELL_PAD - doc.widthOfString(cell.text), y, { lineBreak: false });
      } else {
        const align = RIGHT_ALIGNED.has(column.type) ? 'right' : 'left';
        doc.text(cell.text, x + CELL_PAD, y, { width: inner, align });
      }
    }
    x += width;
  }
  pages.y += height;
}

function measureRow(pages: PdfPages, table: ExportTable, layout: Layout, texts: string[], bold: boolean) {
  pages.doc.font(bold ? 'bold' : 'regular');
  const cells = table.columns.map((column, i) =>
    fitCell(pages, texts[i] ?? '', column, (layout.widths[i] ?? MIN_TEXT_COLUMN) - 2 * CELL_PAD, layout.size, bold),
  );
  const height = Math.max(layout.size * 1.45, ...cells.map((c) => c.height)) + 2 * V_PAD;
  return { cells, height: Math.min(height, pages.usableHeight) };
}

/** Writes one table (title, header on every page, rows, closing line); returns the rows written. */
export async function writeTable(pages: PdfPages, table: ExportTable, language: Language): Promise<number> {
  const { doc } = pages;
  const labels = FILE_LABELS[language];
  const { head, rows } = await readAhead(table.rows, WIDTH_SAMPLE_ROWS);
  const layout = layoutColumns(pages, table, head, language);
  const header = measureRow(
    pages,
    table,
    layout,
    table.columns.map((c) => c.label),
    true,
  );
  const drawHeader = () => {
    drawRow(pages, table, layout, header, { header: true, shade: '#e5e7eb' });
    const width = layout.widths.reduce((a, b) => a + b, 0);
    doc
      .moveTo(pages.left, pages.y)
      .lineTo(pages.left + width, pages.y)
      .lineWidth(0.5)
      .stroke('#9ca3af');
  };
  const rowTexts = (row: ExportRow) =>
    table.columns.map((column, i) => {
      const full = cellText(row, column, language);
      if (isText(column)) return full;
      doc.font('regular').fontSize(layout.size);
      const inner = (layout.widths[i] ?? 0) - 2 * CELL_PAD;
      return doc.widthOfString(full) <= inner ? full : cellText(row, column, language, true);
    });

  if (pages.y + 2 * header.height + 20 > pages.bottom) await pages.addPage();
  pages.paragraph(table.title, 'bold', 11, TEXT_COLOR, 4);
  drawHeader();
  let count = 0;
  let cut = false;
  for await (const row of rows) {
    if (count === PDF_ROW_LIMIT) {
      cut = true; // leaving the loop closes the source: the rows past the limit are never read
      break;
    }
    const measured = measureRow(pages, table, layout, rowTexts(row), false);
    if (pages.y + measured.height > pages.bottom) {
      await pages.addPage();
      drawHeader();
    }
    drawRow(pages, table, layout, measured, { header: false, shade: count % 2 === 1 ? '#f3f4f6' : undefined });
    count += 1;
  }
  // The row count closes the table (the metadata block above was written before the rows were counted).
  const note = count === 0 ? labels.noRows : cut ? labels.truncated(PDF_ROW_LIMIT) : labels.rowTotal(count);
  if (pages.y + 40 > pages.bottom) await pages.addPage();
  pages.y += 6;
  pages.paragraph(note, cut ? 'bold' : 'regular', cut ? 9 : 8.5, cut ? '#b91c1c' : MUTED_COLOR);
  pages.y += 12;
  return count;
}
