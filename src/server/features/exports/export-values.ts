import { type Language, translate } from '../../../shared/locales/index.ts';
import type { ExportCell, ExportCellType } from './export-document.ts';

// Readable values (csv and xlsx by default, every pdf): stored ids become words in the export's language and numbers
// are rounded as the page rounds them. The raw option keeps the stored values (docs/exports-formats.md "Values").

/** Which stored id a text column holds, so it can be named in the export's language. */
export type ValueLookup = 'sector' | 'status' | 'source';

export type ReadableContext = {
  language: Language;
  /** A sector's stored name (projects.category) → its name in the export's language (zh: sectors.name_zh). */
  sectorName: (name: string) => string;
};

/** How a column shows readably: the stored id's words, or the decimals kept (the page's rounding). */
export type ReadableSpec = { lookup?: ValueLookup; digits?: number };

/** A translation, or the stored id itself when the catalogue has no entry for it (a new source, a new status). */
function named(language: Language, key: string, id: string): string {
  const text = translate(language, key);
  return text === key ? id : text;
}

function lookUp(lookup: ValueLookup, id: string, ctx: ReadableContext): string {
  switch (lookup) {
    case 'sector':
      return ctx.sectorName(id);
    case 'status':
      return named(ctx.language, `heat.status.${id}`, id);
    case 'source':
      return named(ctx.language, `provenance.sources.${id}`, id);
  }
}

/** Rounds to `digits` decimals without the binary noise of toFixed on halves (70.55 → 70.6, not 70.5). */
function roundTo(value: number, digits: number): number {
  const rounded = Number(`${Math.round(Number(`${value}e${digits}`))}e-${digits}`);
  return Number.isFinite(rounded) ? rounded : Math.round(value * 10 ** digits) / 10 ** digits;
}

/** Dollars as the page shows them: cents from $1 up, three significant digits below (0.004213 → 0.00421). */
function roundUsd(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1 || abs === 0) return roundTo(value, 2);
  return roundTo(value, Math.min(8, Math.max(2, 2 - Math.floor(Math.log10(abs)))));
}

/** Decimals a readable number keeps by cell type (a column's `digits` overrides). */
export function readableDigits(type: ExportCellType, spec: ReadableSpec): number | undefined {
  if (spec.digits !== undefined) return spec.digits;
  if (type === 'percent') return 2;
  if (type === 'integer') return 0;
  return undefined;
}

/** The cell type a readable column has: a yes/no column becomes words. */
export function readableType(type: ExportCellType): ExportCellType {
  return type === 'boolean' ? 'text' : type;
}

/**
 * The cell as a reader sees it. A missing figure (number or date) says "no data" in words, never an empty or a zero;
 * a missing text stays empty.
 */
export function toReadableCell(
  cell: ExportCell,
  type: ExportCellType,
  spec: ReadableSpec,
  ctx: ReadableContext,
): ExportCell {
  if (cell === null || (typeof cell === 'number' && !Number.isFinite(cell))) {
    return type === 'text' ? null : translate(ctx.language, 'exports.values.noData');
  }
  if (typeof cell === 'boolean') return translate(ctx.language, cell ? 'exports.values.yes' : 'exports.values.no');
  if (typeof cell === 'number') {
    if (type === 'usd' && spec.digits === undefined) return roundUsd(cell);
    const digits = readableDigits(type, spec);
    return digits === undefined ? cell : roundTo(cell, digits);
  }
  if (typeof cell === 'string' && spec.lookup) return lookUp(spec.lookup, cell, ctx);
  return cell;
}
