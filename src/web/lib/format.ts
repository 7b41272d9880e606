import { i18n } from './i18n.ts';
import { getNumberStyle } from './number-style.ts';

// Display formatting in one place (STYLE §8). Large numbers read as readers of each language expect:
// - English: K / M / B / T with one decimal (the spec's "thousands as K with one decimal", then M, B, T);
// - Chinese: 万 / 亿 / 万亿 with two decimals ("2.10 万亿美元"), or the Western form by the reader's setting
//   (lib/number-style.ts).
// A rounded figure never shows 1000 of a unit: 999,960 is "1.0M", not "1000.0K". Every formatter shows "—" for a
// missing value instead of inventing one (components/ui/no-value.tsx adds the reason on hover).
export const EMPTY = '—';

type Maybe = number | null | undefined;

// Building an Intl formatter costs far more than using one, and a table formats hundreds of cells per render: one
// formatter per locale and options, kept for the page's life (a few dozen at most).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * Builds the date and number formatters pages use first, in the current UI language. The first Intl formatter makes
 * ICU load its locale data (~40–55 ms in a fresh Chromium here, ~220 ms at Lighthouse's 4× CPU slowdown): called
 * while the first page's code and answers are still on their way (app/first-render.ts), that cost is paid while the
 * main thread would wait anyway instead of inside the first render.
 */
export function primeFormats(): void {
  const epoch = new Date(0).toISOString();
  formatDate(epoch);
  formatDateTime(epoch);
  formatInteger(0);
  formatDecimal(0);
}

type Step = { min: number; unit: string };

/** True for a value there is nothing to show for: null, undefined, NaN or ±Infinity. */
export const isMissing = (value: Maybe): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

const WESTERN_STEPS: readonly Step[] = [
  { min: 1e12, unit: 'T' },
  { min: 1e9, unit: 'B' },
  { min: 1e6, unit: 'M' },
  { min: 1e3, unit: 'K' },
];
const CJK_STEPS: readonly Step[] = [
  { min: 1e12, unit: '万亿' },
  { min: 1e8, unit: '亿' },
  { min: 1e4, unit: '万' },
];
// A non-breaking space between the figure and a Chinese unit, so "2.10 万亿" never breaks across lines.
const CJK_GAP = '\u00a0';

/** True when numbers should read 万 / 亿 / 万亿: the UI is in Chinese and the reader has not chosen K / M / B. */
export function usesCjkUnits(): boolean {
  return (i18n.language ?? '').startsWith('zh') && getNumberStyle() === 'cjk';
}

/** |value| scaled to the largest unit it reaches, rounded, promoted to the next unit when rounding reaches it. */
function scale(abs: number, steps: readonly Step[], digits: number): { figure: string; unit: string } | undefined {
  for (const [index, step] of steps.entries()) {
    if (abs < step.min) continue;
    const bigger = steps[index - 1];
    const figure = (abs / step.min).toFixed(digits);
    if (bigger && Number(figure) * step.min >= bigger.min) {
      return { figure: (abs / bigger.min).toFixed(digits), unit: bigger.unit };
    }
    return { figure, unit: step.unit };
  }
  return undefined;
}

/**
 * A count in compact form. English (and Chinese with the Western setting): 950 → "950", 1234 → "1.2K",
 * 5_600_000 → "5.6M", 7.25e9 → "7.3B", 2.1e12 → "2.1T". Chinese: 9999 → "9,999", 12_345 → "1.23 万",
 * 3.9e8 → "3.90 亿", 2.1e12 → "2.10 万亿".
 */
export function formatCompact(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  const sign = value < 0 ? '-' : '';
  const cjk = usesCjkUnits();
  const scaled = scale(Math.abs(value), cjk ? CJK_STEPS : WESTERN_STEPS, cjk ? 2 : 1);
  if (!scaled) return formatInteger(value);
  return cjk ? `${sign}${scaled.figure}${CJK_GAP}${scaled.unit}` : `${sign}${scaled.figure}${scaled.unit}`;
}

/**
 * US-dollar amount. English: "$1.2B", "$2.1T". Chinese: "2.10 万亿美元", "3.90 亿美元", "1.23 万美元" from ten
 * thousand up, "$9,500.00" below; with the Western setting as in English. Small prices keep significant digits:
 * "$0.00421".
 */
export function formatUsd(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (usesCjkUnits()) {
    const scaled = scale(abs, CJK_STEPS, 2);
    if (scaled) return `${sign}${scaled.figure}${CJK_GAP}${scaled.unit}美元`;
  } else {
    const scaled = scale(abs, WESTERN_STEPS, 1);
    if (scaled) return `${sign}$${scaled.figure}${scaled.unit}`;
  }
  // Below $1, three significant digits: 0.004213 → 0.00421.
  const digits = abs >= 1 || abs === 0 ? 2 : Math.min(8, Math.max(2, 2 - Math.floor(Math.log10(abs))));
  const amount = numberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${sign}$${amount.format(abs)}`;
}

/** Signed percent with two decimals: 3.456 → "+3.46%". */
export function formatPercent(value: Maybe, digits = 2): string {
  if (isMissing(value)) return EMPTY;
  const sign = value > 0 ? '+' : '';
  return `${sign}${value.toFixed(digits)}%`;
}

/** A plain decimal with grouping: 1234.56 → "1,234.6" (digits = 1). */
export function formatDecimal(value: Maybe, digits = 1): string {
  if (isMissing(value)) return EMPTY;
  return numberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A quantity as entered, without padding zeros: 1000 → "1,000", 0.12345678 → "0.12345678" (at most 8 decimals). */
export function formatQuantity(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return numberFormat(locale(), { maximumFractionDigits: 8 }).format(value);
}

/** Score in [0, 100] with one decimal. */
export function formatScore(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return value.toFixed(1);
}

export function formatInteger(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return numberFormat(locale(), { maximumFractionDigits: 0 }).format(value);
}

/** Localised calendar date: "2026年9月2日" / "Sep 2, 2026". */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? dateTimeFormat(locale(), { dateStyle: 'medium' }).format(date) : EMPTY;
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? dateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date) : EMPTY;
}

/** Duration in seconds as "3d 4h" / "5h 2m" / "42s", localised by Intl units where available. */
export function formatDuration(seconds: Maybe): string {
  if (isMissing(seconds)) return EMPTY;
  const s = Math.max(0, Math.floor(seconds));
  const parts: [number, Intl.NumberFormatOptions['unit']][] = [
    [Math.floor(s / 86400), 'day'],
    [Math.floor((s % 86400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const shown = parts.filter(([n]) => n > 0).slice(0, 2);
  if (shown.length === 0) shown.push([0, 'second']);
  return shown
    .map(([n, unit]) => numberFormat(locale(), { style: 'unit', unit, unitDisplay: 'narrow' }).format(n))
    .join(' ');
}

function toDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function locale(): string {
  return i18n.language === 'en' ? 'en-US' : 'zh-CN';
}

/** Whole-yuan price: "¥68" (zh) / "CN¥68" (en). */
export function formatCny(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return numberFormat(locale(), { style: 'currency', currency: 'CNY', maximumFractionDigits: 0 }).format(value);
}
