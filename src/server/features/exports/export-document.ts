import type { Writable } from 'node:stream';

// The contract between what an export reads (export sources: directory, search, saved search, watchlist, sector,
// project history) and how it is written (writers/: csv, json, xlsx, pdf, optional zip). Sources yield rows lazily
// so that a 100,000-row export streams from the database to the file without holding it in memory.

export const EXPORT_FORMATS = ['csv', 'json', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a writer types and formats a cell (xlsx number formats, pdf alignment, csv/json plain values). */
export type ExportCellType = 'text' | 'integer' | 'decimal' | 'percent' | 'usd' | 'date' | 'datetime' | 'boolean';

export type ExportColumn = {
  /** Stable machine key (json property, csv header when the language is en). */
  key: string;
  /** Header in the export's language. */
  label: string;
  type: ExportCellType;
  /** Decimals a readable number shows (heat 1, percent 2); absent: the type's default (docs/exports-formats.md). */
  digits?: number;
};

/** percent cells hold the percentage itself (12.5 means 12.5 %), as the API does. null = no data. */
export type ExportCell = string | number | boolean | Date | null;
export type ExportRow = Record<string, ExportCell>;

export type ExportTable = {
  /** ASCII name: file name inside a zip, sheet name, json property. */
  name: string;
  /** Title in the export's language (sheet tab, pdf heading). */
  title: string;
  columns: ExportColumn[];
  /** Read once, lazily, in order. */
  rows: AsyncIterable<ExportRow>;
  /** Values for a reader (words, rounded; csv times as "YYYY-MM-DD HH:mm UTC") rather than raw for a machine. */
  readable?: boolean;
};

export type ExportMetadata = {
  /** What was exported, in the export's language (e.g. "项目目录" / "Project directory"). */
  title: string;
  language: 'zh' | 'en';
  generatedAt: Date;
  /** HEAT_MODEL_VERSION of the scores exported. */
  modelVersion: string;
  /** The filters as the user chose them, labelled in the export's language: label → value. */
  filters: Record<string, string>;
  /** Every source behind the figures and the as-of of its newest data (null: never fetched). */
  sources: { source: string; asOf: Date | null }[];
  /** History exports only. */
  dateRange?: { from: Date; to: Date };
  /**
   * The export's row cap (null: none, vip) and the rows the source matched; the files state the cap (the pdf's own
   * PDF_ROW_LIMIT too) so a reader knows whether the file is complete. Absent in documents built outside an export.
   */
  rowLimit?: { cap: number | null; matched: number };
};

export type ExportDocument = { metadata: ExportMetadata; tables: ExportTable[] };

export type ExportWriteOptions = {
  /** Include the metadata (where it goes depends on the format; docs/exports.md). */
  includeMetadata: boolean;
  /** Wrap the output in a zip archive. */
  zip: boolean;
  /** File name without extension, used for the entries inside a zip. */
  baseName: string;
};

export type ExportWriteResult = {
  /** Rows written per table name (the metadata's row count comes from here). */
  rowCounts: Record<string, number>;
  /** File name of the result (baseName + extension: .csv, .json, .xlsx, .pdf or .zip). */
  fileName: string;
  contentType: string;
};

/** Implemented by writers/index.ts: streams the document into `out` and ends it. */
export type WriteExport = (
  format: ExportFormat,
  document: ExportDocument,
  out: Writable,
  options: ExportWriteOptions,
) => Promise<ExportWriteResult>;
