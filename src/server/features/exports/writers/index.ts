import type { Writable } from 'node:stream';
import type { ExportDocument, ExportFormat, WriteExport } from '../export-document.ts';
import { writeCsvTable } from './csv-writer.ts';
import { csvEntryName, metadataEntryName, resolveExportFile, toSafeBaseName } from './export-file.ts';
import { writeJson } from './json-writer.ts';
import { cutNote, toMetadataJson } from './metadata.ts';
import { endOutput } from './stream-io.ts';
import { ZipOutput } from './zip-output.ts';

// writeExport: the one entry point (docs/exports-formats.md). Dispatches by format, then wraps in a zip when asked or
// when a csv needs it (export-file.ts). Streams the document into `out`, ends it, and returns the rows written per
// table. On a failure `out` is destroyed and the promise rejects with the error (the caller discards the file).

export { CONTENT_TYPES, resolveExportFile } from './export-file.ts';
export { PDF_ROW_LIMIT } from './pdf-limits.ts';

type FormatWriter = (
  document: ExportDocument,
  out: Writable,
  options: { includeMetadata: boolean },
) => Promise<Record<string, number>>;

async function writeSingleCsv(document: ExportDocument, out: Writable): Promise<Record<string, number>> {
  const [table] = document.tables;
  if (!table || document.tables.length !== 1) throw new Error('an unzipped csv holds exactly one table');
  const count = await writeCsvTable(table, out, cutNote(document.metadata));
  await endOutput(out);
  return { [table.name]: count };
}

const WRITERS: Record<ExportFormat, FormatWriter> = {
  csv: writeSingleCsv,
  json: writeJson,
  xlsx: (document, out, options) => import('./xlsx-writer.ts').then((m) => m.writeXlsx(document, out, options)),
  pdf: (document, out, options) => import('./pdf-writer.ts').then((m) => m.writePdf(document, out, options)),
};

async function writeZipped(
  format: ExportFormat,
  document: ExportDocument,
  out: Writable,
  options: { includeMetadata: boolean; baseName: string },
): Promise<Record<string, number>> {
  const base = toSafeBaseName(options.baseName);
  const zip = new ZipOutput(out, document.metadata.generatedAt);
  let rowCounts: Record<string, number> = {};
  if (format === 'csv') {
    for (const table of document.tables) {
      rowCounts[table.name] = await zip.addStreamed(
        csvEntryName(base, table.name, document.tables.length),
        async (entry) => {
          const count = await writeCsvTable(table, entry, cutNote(document.metadata));
          await endOutput(entry);
          return count;
        },
      );
    }
  } else {
    rowCounts = await zip.addStreamed(`${base}.${format}`, (entry) => WRITERS[format](document, entry, options));
  }
  if (options.includeMetadata) {
    const json = JSON.stringify(toMetadataJson(document.metadata, rowCounts), null, 2);
    zip.addBuffer(metadataEntryName(base), Buffer.from(`${json}\n`, 'utf8'));
  }
  await zip.end();
  return rowCounts;
}

/** Writes `document` as `format` (optionally zipped) into `out` and ends it; see docs/exports-formats.md. */
export const writeExport: WriteExport = async (format, document, out, options) => {
  const file = resolveExportFile(format, document.tables.length, options);
  try {
    const rowCounts = file.zipped
      ? await writeZipped(format, document, out, options)
      : await WRITERS[format](document, out, options);
    return { rowCounts, fileName: file.fileName, contentType: file.contentType };
  } catch (error) {
    // Destroyed without the error: the rejection reports it, and an 'error' event nobody listens to would crash.
    out.destroy();
    throw error;
  }
};
