import type { ExportFormat, ExportWriteOptions } from '../export-document.ts';

// What file an export becomes, known before any row is read (so a route can set its headers first). A CSV holds one
// table and nothing else, so csv is zipped whenever the document has several tables or the metadata is asked for.

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const;

export type ExportFile = {
  zipped: boolean;
  /** baseName + .csv/.json/.xlsx/.pdf, or .zip when zipped. */
  fileName: string;
  contentType: string;
};

/** The base name with path separators and control characters replaced: it names zip entries too. */
export function toSafeBaseName(baseName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
  const safe = baseName.replace(/[/\\\u0000-\u001f\u007f:*?"<>|]/g, '-').trim();
  return safe === '' || safe === '.' || safe === '..' ? 'export' : safe;
}

/** True when the export is a zip: asked for, or a csv with several tables or with its metadata. */
export function isZipped(format: ExportFormat, tableCount: number, options: ExportWriteOptions): boolean {
  return options.zip || (format === 'csv' && (tableCount > 1 || options.includeMetadata));
}

/** The file name and content type the export will have. */
export function resolveExportFile(format: ExportFormat, tableCount: number, options: ExportWriteOptions): ExportFile {
  const base = toSafeBaseName(options.baseName);
  if (isZipped(format, tableCount, options)) {
    return { zipped: true, fileName: `${base}.zip`, contentType: CONTENT_TYPES.zip };
  }
  return { zipped: false, fileName: `${base}.${format}`, contentType: CONTENT_TYPES[format] };
}

/** Zip entry of one csv table: `<base>.csv` for a single table, `<base>-<table>.csv` for several. */
export function csvEntryName(base: string, tableName: string, tableCount: number): string {
  return tableCount === 1 ? `${base}.csv` : `${base}-${toSafeBaseName(tableName)}.csv`;
}

/** Zip entry of the metadata. */
export function metadataEntryName(base: string): string {
  return `${base}.metadata.json`;
}
