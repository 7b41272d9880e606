import type { Writable } from 'node:stream';
import type { ExportDocument } from '../export-document.ts';
import { FILE_LABELS } from './file-labels.ts';
import { waitForRoom } from './stream-io.ts';

// The pdf's pages: margins, the footer with the page number, the y cursor, and wrapped paragraphs.

export const MARGIN = 36; // pt (half an inch)
const FOOTER = 18;
export const TEXT_COLOR = '#111827';
export const MUTED_COLOR = '#6b7280';

type Doc = PDFKit.PDFDocument;

export class PdfPages {
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
  /** Height between the top margin and the footer: no row may be taller. */
  get usableHeight() {
    return this.bottom - MARGIN;
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
