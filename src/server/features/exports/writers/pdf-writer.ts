import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { ExportColumn, ExportDocument, ExportRow, ExportTable } from '../export-document.ts';
import { readAhead, WIDTH_SAMPLE_ROWS } from './column-widths.ts';
import { FILE_LABELS } from './file-labels.ts';
import { toMetadataLines } from './metadata.ts';
import { fitText, formatPdfCell, RIGHT_ALIGNED } from './pdf-cells.ts';
import { resolveCjkFont } from './pdf-font.ts';
import { PDF_ROW_LIMIT } from './pdf-limits.ts';
import { waitForRoom } from './stream-io.ts';

// pdf through pdfkit: landscape A4, the title, the metadata block, then each table with its header repeated on every
// page, "第 N 页" / "Page N" in the footer (no total: pages stream out as they fill, the count is not known ahead),
// numbers right-aligned, long text cut with an ellipsis to its column. Text is drawn in Noto Sans SC (pdf-font.ts),
// embedded as a subset. At most PDF_ROW_LIMIT rows per table; past it a line says the rest was cut.

const MARGIN = 36; // pt (half an inch)
const FOOTER = 18;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 16;
const CELL_PAD = 4;
const CELL_SIZE = 8;
const TEXT_COLOR = '#111827';
const MUTED_COLOR = '#6b7280';
const MIN_COLUMN = 28;
const MAX_COLUMN = 240;

type Doc = PDFKit.PDFDocument;

class PdfPages {
  readonly doc: Doc;
  private readonly document: ExportDocument;
  private readonly out: Writable;
  private pageNumber = 0;
  y = MARGIN;

  constructor(doc: Doc, document: ExportDocument, out: Writable) {
    this.doc = doc;
    this.document = document;
    this.out = out;
  }

  get left() {
    return MARGIN;
  }
  get usableWidth() {
    return this.doc.page.width - 2 * MARGIN;
  }
  get bottom() {
    return this.doc.page.height - MARGIN - FOOTER;
  }

  /** A new page with its footer; lets the finished page flow out before going on (backpressure). */
  async addPage(): Promise<void> {
    if (this.pageNumber > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      await waitForRoom(this.out);
    }
    this.doc.addPage();
    this.pageNumber += 1;
    this.y = MARGIN;
    const { doc } = this;
    const footerY = doc.page.height - MARGIN - 10;
    doc.font('regular').fontSize(8).fillColor(MUTED_COLOR);
    doc.text(`HeatRank · ${this.document.metadata.title}`, MARGIN, footerY, { lineBreak: false });
    const page = FILE_LABELS[this.document.metadata.language].page(this.pageNumber);
    doc.text(page, doc.page.width - MARGIN - doc.widthOfString(page), footerY, { lineBreak: false });
  }

  /** Wrapped text across the usable width at the current y; moves y below it. */
  paragraph(text: string, font: 'regular' | 'bold', size: number, color = TEXT_COLOR, gapAfter = 2): void {
    this.doc.font(font).fontSize(size).fillColor(color);
    const height = this.doc.heightOfString(text, { width: this.usableWidth });
    this.doc.text(text, MARGIN, this.y, { width: this.usableWidth });
    this.y += height + gapAfter;
  }
}

/** Column widths in points: the widest of header and sampled cells, then scaled to the usable width. */
function measurePdfColumns(
  pages: PdfPages,
  table: ExportTable,
  sample: readonly ExportRow[],
  language: 'zh' | 'en',
): number[] {
  const { doc } = pages;
  const natural = table.columns.map((column) => {
    doc.font('bold').fontSize(CELL_SIZE);
    let widest = doc.widthOfString(column.label);
    doc.font('regular').fontSize(CELL_SIZE);
    for (const row of sample) {
      widest = Math.max(widest, doc.widthOfString(formatPdfCell(row[column.key], column.type, language)));
    }
    return Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, widest + 2 * CELL_PAD));
  });
  const total = natural.reduce((a, b) => a + b, 0);
  const usable = pages.usableWidth;
  if (total <= usable) return natural.map((w) => (w * usable) / total);
  // Too wide: text columns give up width first (numbers and dates stay readable), then everything shrinks.
  const isText = table.columns.map((c) => !RIGHT_ALIGNED.has(c.type) && c.type !== 'date' && c.type !== 'datetime');
  const fixed = natural.reduce((sum, w, i) => sum + (isText[i] ? 0 : w), 0);
  const textTotal = total - fixed;
  if (textTotal > 0 && usable - fixed >= MIN_COLUMN * isText.filter(Boolean).length) {
    return natural.map((w, i) => (isText[i] ? (w * (usable - fixed)) / textTotal : w));
  }
  return natural.map((w) => (w * usable) / total);
}

function drawRow(
  pages: PdfPages,
  columns: readonly ExportColumn[],
  widths: readonly number[],
  texts: (column: ExportColumn, width: number) => string,
  header: boolean,
  shade: string | undefined,
): void {
  const { doc } = pages;
  const height = header ? HEADER_HEIGHT : ROW_HEIGHT;
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  if (shade) doc.rect(pages.left, pages.y, tableWidth, height).fill(shade);
  doc
    .font(header ? 'bold' : 'regular')
    .fontSize(CELL_SIZE)
    .fillColor(TEXT_COLOR);
  let x = pages.left;
  for (const [i, column] of columns.entries()) {
    const width = widths[i] ?? MIN_COLUMN;
    const text = texts(column, width - 2 * CELL_PAD);
    if (text !== '') {
      const textX = RIGHT_ALIGNED.has(column.type) ? x + width - CELL_PAD - doc.widthOfString(text) : x + CELL_PAD;
      doc.text(text, textX, pages.y + (height - CELL_SIZE * 1.45) / 2, { lineBreak: false });
    }
    x += width;
  }
  if (header) {
    doc
      .moveTo(pages.left, pages.y + height)
      .lineTo(pages.left + tableWidth, pages.y + height)
      .lineWidth(0.5)
      .stroke('#9ca3af');
  }
  pages.y += height;
}

async function writeTable(pages: PdfPages, table: ExportTable, language: 'zh' | 'en'): Promise<number> {
  const { doc } = pages;
  const labels = FILE_LABELS[language];
  const { head, rows } = await readAhead(table.rows, WIDTH_SAMPLE_ROWS);
  const widths = measurePdfColumns(pages, table, head, language);
  const measure = (s: string) => doc.widthOfString(s);
  const drawHeader = () =>
    drawRow(pages, table.columns, widths, (c, w) => fitText(c.label, w, measure), true, '#e5e7eb');
  const cellText = (row: ExportRow) => (column: ExportColumn, width: number) => {
    const full = formatPdfCell(row[column.key], column.type, language);
    if (!RIGHT_ALIGNED.has(column.type) || measure(full) <= width) return fitText(full, width, measure);
    return fitText(formatPdfCell(row[column.key], column.type, language, true), width, measure);
  };

  if (pages.y + 2 * HEADER_HEIGHT + ROW_HEIGHT > pages.bottom) await pages.addPage();
  pages.paragraph(table.title, 'bold', 11, TEXT_COLOR, 4);
  drawHeader();
  let count = 0;
  let cut = false;
  for await (const row of rows) {
    if (count === PDF_ROW_LIMIT) {
      cut = true; // leaving the loop closes the source: the rows past the limit are never read
      break;
    }
    if (pages.y + ROW_HEIGHT > pages.bottom) {
      await pages.addPage();
      drawHeader();
    }
    drawRow(pages, table.columns, widths, cellText(row), false, count % 2 === 1 ? '#f3f4f6' : undefined);
    count += 1;
  }
  // The row count closes the table (the metadata block above was written before the rows were counted).
  const note = count === 0 ? labels.noRows : cut ? labels.truncated(PDF_ROW_LIMIT) : labels.rowTotal(count);
  if (pages.y + 3 * ROW_HEIGHT > pages.bottom) await pages.addPage();
  pages.y += 6;
  pages.paragraph(note, cut ? 'bold' : 'regular', cut ? 9 : 8.5, cut ? '#b91c1c' : MUTED_COLOR);
  pages.y += 12;
  return count;
}

/** Writes the document as a pdf into `out` and ends it; returns the rows written per table (at most the limit). */
export async function writePdf(
  document: ExportDocument,
  out: Writable,
  options: { includeMetadata: boolean },
): Promise<Record<string, number>> {
  const { metadata } = document;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    compress: true,
    lang: metadata.language === 'zh' ? 'zh-CN' : 'en',
    info: {
      Title: metadata.title,
      Creator: 'HeatRank',
      CreationDate: metadata.generatedAt,
      ModDate: metadata.generatedAt,
    },
  });
  const done = pipeline(doc, out);
  done.catch(() => undefined); // awaited below; a failure before that is reported by the code that hit it
  doc.registerFont('regular', resolveCjkFont('regular'));
  doc.registerFont('bold', resolveCjkFont('bold'));

  const pages = new PdfPages(doc, document, out);
  await pages.addPage();
  pages.paragraph(metadata.title, 'bold', 16, TEXT_COLOR, 6);
  if (options.includeMetadata) {
    for (const line of toMetadataLines(metadata, { withTitle: false }))
      pages.paragraph(`${line.label}: ${line.value}`, 'regular', 8.5, MUTED_COLOR, 1);
  }
  pages.y += 10;
  const rowCounts: Record<string, number> = {};
  for (const table of document.tables) rowCounts[table.name] = await writeTable(pages, table, metadata.language);
  doc.end();
  await done;
  return rowCounts;
}
