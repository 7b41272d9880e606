import type { ExportCell, ExportCellType } from '../export-document.ts';
import { formatUtc } from './metadata.ts';

// How a pdf shows a cell: numbers formatted for the export's language and right-aligned, dates in UTC, booleans as
// words; a number that does not fit its column falls back to compact notation, text to an ellipsis.

type Language = 'zh' | 'en';

export const RIGHT_ALIGNED: ReadonlySet<ExportCellType> = new Set(['integer', 'decimal', 'percent', 'usd']);

// Line breaks, tabs and other control characters draw nothing (or a missing-glyph box) in a one-line cell.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

const BOOLEAN_WORDS: Record<Language, [string, string]> = { zh: ['是', '否'], en: ['Yes', 'No'] };

function formatNumber(value: number, type: ExportCellType, language: Language, compact: boolean): string {
  const notation = compact ? ({ notation: 'compact', maximumFractionDigits: 1 } as const) : {};
  switch (type) {
    case 'integer':
      return new Intl.NumberFormat(language, { maximumFractionDigits: 0, ...notation }).format(value);
    case 'percent':
      return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, ...notation }).format(value)}%`;
    case 'usd':
      return new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        ...notation,
      }).format(value);
    default:
      return new Intl.NumberFormat(language, { maximumFractionDigits: compact ? 1 : 4, ...notation }).format(value);
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
  compact = false,
): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? formatNumber(cell, type, language, compact) : '';
  if (typeof cell === 'boolean') return BOOLEAN_WORDS[language][cell ? 0 : 1];
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return type === 'date' ? cell.toISOString().slice(0, 10) : formatUtc(cell).replace(' UTC', '');
  }
  return cell.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The longest prefix of `text` that fits `width` with an ellipsis, or `text` when it fits whole. */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('')}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '…' : `${chars.slice(0, low).join('').trimEnd()}…`;
}
