import type { ExportCell, ExportCellType } from '../export-document.ts';
import { formatUtc } from './metadata.ts';

// How a pdf shows a cell: numbers formatted for the export's language and right-aligned, dates in UTC, booleans as
// words; a number wider than its column falls back to compact notation (never cut: pdf-table.ts then sets it smaller);
// text wraps in its column.

type Language = 'zh' | 'en';

export const RIGHT_ALIGNED: ReadonlySet<ExportCellType> = new Set(['integer', 'decimal', 'percent', 'usd']);

// Line breaks, tabs and other control characters draw nothing (or a missing-glyph box) in a one-line cell.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

const BOOLEAN_WORDS: Record<Language, [string, string]> = { zh: ['是', '否'], en: ['Yes', 'No'] };

/** Dollars: whole dollars from $1,000 (a market cap's cents say nothing), cents from $1, three significant digits below. */
function usdDigits(value: number): Intl.NumberFormatOptions {
  const abs = Math.abs(value);
  if (abs >= 1000) return { maximumFractionDigits: 0 };
  if (abs >= 1 || abs === 0) return { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return { maximumSignificantDigits: 3 };
}

function formatNumber(
  value: number,
  type: ExportCellType,
  language: Language,
  compact: boolean,
  digits: number | undefined,
): string {
  const notation = compact ? ({ notation: 'compact', maximumFractionDigits: 1 } as const) : {};
  const fixed = digits === undefined ? undefined : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  switch (type) {
    case 'integer':
      return new Intl.NumberFormat(language, { maximumFractionDigits: 0, ...notation }).format(value);
    case 'percent':
      return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...fixed, ...notation }).format(value)}%`;
    case 'usd':
      return new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        ...(compact ? {} : usdDigits(value)),
        ...notation,
      }).format(value);
    default:
      return new Intl.NumberFormat(language, {
        ...(fixed ?? { maximumFractionDigits: compact ? 1 : 4 }),
        ...notation,
      }).format(value);
  }
}

/**
 * The cell's text in the pdf (one line: line breaks, tabs and control characters become single spaces). `compact` asks for the short form of a number
 * (420B, 4200亿) when the full one does not fit.
 */
export function formatPdfCell(
  cell: ExportCell | undefined,
  type: ExportCellType,
  language: Language,
  { compact = false, digits }: { compact?: boolean; digits?: number } = {},
): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? formatNumber(cell, type, language, compact, digits) : '';
  if (typeof cell === 'boolean') return BOOLEAN_WORDS[language][cell ? 0 : 1];
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return type === 'date' ? cell.toISOString().slice(0, 10) : formatUtc(cell).replace(' UTC', '');
  }
  return cell.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * Characters a pdf text cell holds: a cell wraps rather than being cut, and this keeps one row shorter than a page
 * (names and symbols are far shorter; only a pasted essay in a watchlist note reaches it, and ends with "…").
 */
export const PDF_CELL_MAX_CHARS = 200;

/** The text as drawn: whole up to PDF_CELL_MAX_CHARS characters, else that many and an ellipsis. */
export function capCellText(text: string): string {
  const chars = [...text];
  return chars.length <= PDF_CELL_MAX_CHARS ? text : `${chars.slice(0, PDF_CELL_MAX_CHARS).join('')}…`;
}
