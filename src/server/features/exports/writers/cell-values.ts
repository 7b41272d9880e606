import type { ExportCell, ExportCellType, ExportColumn, ExportRow } from '../export-document.ts';

// The plain value of a cell shared by csv and json: dates as ISO strings (a `date` column as YYYY-MM-DD in UTC, every
// other Date as a full ISO timestamp), non-finite numbers as null (JSON has no NaN), everything else unchanged.

export type PlainValue = string | number | boolean | null;

/** The cell as csv and json carry it; `readable` writes a time as "2026-11-24 18:30 UTC" (a person's csv). */
export function toPlainValue(cell: ExportCell | undefined, type: ExportCellType, readable = false): PlainValue {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    if (type === 'date') return cell.toISOString().slice(0, 10);
    return readable ? `${cell.toISOString().slice(0, 16).replace('T', ' ')} UTC` : cell.toISOString();
  }
  if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
  return cell;
}

/** The row restricted to the document's columns, in column order, with plain values. */
export function toPlainRow(row: ExportRow, columns: readonly ExportColumn[]): Record<string, PlainValue> {
  const out: Record<string, PlainValue> = {};
  for (const column of columns) out[column.key] = toPlainValue(row[column.key], column.type);
  return out;
}

/** ISO timestamp or null, for metadata dates. */
export function toIsoOrNull(date: Date | null): string | null {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}
