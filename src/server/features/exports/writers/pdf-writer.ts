import type { Writable } from 'node:stream';
import type { ExportDocument } from '../export-document.ts';

// TODO(issue 16): the pdfkit writer lands in the next commit of branch export-writers.
export async function writePdf(
  _document: ExportDocument,
  _out: Writable,
  _options: { includeMetadata: boolean },
): Promise<Record<string, number>> {
  throw new Error('pdf export is not built yet');
}
