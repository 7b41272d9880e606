import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { ExportDocument } from '../export-document.ts';
import { FILE_LABELS } from './file-labels.ts';
import { cutNote, toMetadataLines } from './metadata.ts';
import { resolveCjkFont } from './pdf-font.ts';
import { PDF_ROW_LIMIT } from './pdf-limits.ts';
import { MARGIN, MUTED_COLOR, PdfPages, TEXT_COLOR } from './pdf-pages.ts';
import { writeTable } from './pdf-table.ts';

// pdf through pdfkit: landscape A4, the title, the row limits (always), the metadata block, then each table
// (pdf-table.ts: header repeated on every page, text wrapped, numbers whole and right-aligned), "第 N 页" / "Page N" in
// the footer (no total: pages stream out as they fill, the count is not known ahead). Text is drawn in Noto Sans SC
// (pdf-font.ts), embedded as a subset. At most PDF_ROW_LIMIT rows per table; past it a line says the rest was cut.

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
  // The limits are stated whether or not the metadata is: a reader must know whether the file is complete.
  pages.paragraph(FILE_LABELS[metadata.language].pdfLimit(PDF_ROW_LIMIT), 'regular', 8.5, MUTED_COLOR, 1);
  const cut = cutNote(metadata);
  if (cut && !options.includeMetadata) pages.paragraph(cut, 'bold', 8.5, '#b91c1c', 1);
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
