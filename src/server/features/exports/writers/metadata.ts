import { type Language, translate } from '../../../../shared/locales/index.ts';
import type { ExportMetadata } from '../export-document.ts';
import { toIsoOrNull } from './cell-values.ts';
import { FILE_LABELS } from './file-labels.ts';

/** The metadata as JSON (json writer, `<base>.metadata.json` in a zip): dates as ISO strings, plus the row counts. */
export function toMetadataJson(metadata: ExportMetadata, rowCounts?: Record<string, number>) {
  return {
    title: metadata.title,
    language: metadata.language,
    generatedAt: metadata.generatedAt.toISOString(),
    modelVersion: metadata.modelVersion,
    filters: metadata.filters,
    sources: metadata.sources.map((s) => ({ source: s.source, asOf: toIsoOrNull(s.asOf) })),
    ...(metadata.dateRange
      ? { dateRange: { from: metadata.dateRange.from.toISOString(), to: metadata.dateRange.to.toISOString() } }
      : {}),
    ...(metadata.rowLimit ? { rowLimit: metadata.rowLimit } : {}),
    ...(rowCounts ? { rowCounts } : {}),
  };
}

/** "2026-11-24 18:30 UTC": file texts show UTC so a file reads the same wherever it is opened. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export type MetadataLine = { label: string; value: string };

/** A source's name in the language (catalogue-sample → 内置目录（样本）), or its id when the catalogue lacks it. */
function sourceName(language: Language, id: string): string {
  const key = `provenance.sources.${id}`;
  const text = translate(language, key);
  return text === key ? id : text;
}

/** The row cap as the file states it: the cap, and which rows the file holds when the export was cut at it. */
export function rowLimitText(metadata: ExportMetadata): string | undefined {
  if (!metadata.rowLimit) return undefined;
  const labels = FILE_LABELS[metadata.language];
  const { cap, matched } = metadata.rowLimit;
  if (cap === null) return labels.noRowCap;
  return matched > cap ? labels.cut(cap, matched) : labels.rowCap(cap);
}

/** Set when the export was cut at its row cap: the sentence a file without its metadata still carries. */
export function cutNote(metadata: ExportMetadata): string | undefined {
  const limit = metadata.rowLimit;
  if (!limit || limit.cap === null || limit.matched <= limit.cap) return undefined;
  return FILE_LABELS[metadata.language].cut(limit.cap, limit.matched);
}

/**
 * The metadata as labelled lines in the export's language (xlsx metadata sheet, pdf header block). Row counts are
 * passed when known (xlsx writes its metadata sheet last); the pdf block, written before the rows, omits them.
 */
export function toMetadataLines(
  metadata: ExportMetadata,
  { rowCounts, withTitle = true }: { rowCounts?: Record<string, number>; withTitle?: boolean } = {},
): MetadataLine[] {
  const labels = FILE_LABELS[metadata.language];
  const lines: MetadataLine[] = withTitle ? [{ label: labels.title, value: metadata.title }] : [];
  lines.push({ label: labels.generatedAt, value: formatUtc(metadata.generatedAt) });
  lines.push({ label: labels.modelVersion, value: metadata.modelVersion });
  if (metadata.dateRange) {
    const { from, to } = metadata.dateRange;
    lines.push({
      label: labels.dateRange,
      value: `${from.toISOString().slice(0, 10)} – ${to.toISOString().slice(0, 10)}`,
    });
  }
  const filters = Object.entries(metadata.filters).map(([label, value]) => `${label}: ${value}`);
  lines.push({ label: labels.filters, value: filters.length > 0 ? filters.join('; ') : labels.noFilters });
  const sources = metadata.sources.map(
    (s) => `${sourceName(metadata.language, s.source)} (${s.asOf ? formatUtc(s.asOf) : labels.neverFetched})`,
  );
  lines.push({ label: labels.sources, value: sources.length > 0 ? sources.join('; ') : '—' });
  const limit = rowLimitText(metadata);
  if (limit) lines.push({ label: labels.rowLimit, value: limit });
  if (rowCounts) {
    const counts = Object.entries(rowCounts).map(([name, n]) => `${name}: ${n}`);
    lines.push({ label: labels.rowCount, value: counts.join('; ') });
  }
  return lines;
}
