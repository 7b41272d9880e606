import { i18n } from './i18n.ts';

// Display formatting in one place (STYLE §8). Compact numbers follow the spec: thousands as K with one decimal,
// then M and B, in both languages. Every formatter shows "—" for a missing value instead of inventing one.
export const EMPTY = '—';

type Maybe = number | null | undefined;

const isMissing = (value: Maybe): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

const COMPACT_STEPS = [
  { min: 1e9, suffix: 'B' },
  { min: 1e6, suffix: 'M' },
  { min: 1e3, suffix: 'K' },
] as const;

/** 950 → "950", 1000 → "1.0K", 1234 → "1.2K", 5_600_000 → "5.6M", 7.25e9 → "7.3B" (one decimal, as the spec says). */
export function formatCompact(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  const abs = Math.abs(value);
  for (const { min, suffix } of COMPACT_STEPS) {
    if (abs >= min) return `${(value / min).toFixed(1)}${suffix}`;
  }
  return formatInteger(value);
}

/** US-dollar amount in compact form: "$1.2B"; small prices keep significant digits: "$0.0042". */
export function formatUsd(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 1000) return `${sign}$${formatCompact(abs)}`;
  // Below $1, three significant digits: 0.004213 → 0.00421.
  const digits = abs >= 1 || abs === 0 ? 2 : Math.min(8, Math.max(2, 2 - Math.floor(Math.log10(abs))));
  return `${sign}$${abs.toFixed(digits)}`;
}

/** Signed percent with two decimals: 3.456 → "+3.46%". */
export function formatPercent(value: Maybe, digits = 2): string {
  if (isMissing(value)) return EMPTY;
  const sign = value > 0 ? '+' : '';
  return `${sign}${value.toFixed(digits)}%`;
}

/** Score in [0, 100] with one decimal. */
export function formatScore(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return value.toFixed(1);
}

export function formatInteger(value: Maybe): string {
  if (isMissing(value)) return EMPTY;
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(value);
}

/** Localised calendar date: "2026年9月2日" / "Sep 2, 2026". */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(date) : EMPTY;
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date) : EMPTY;
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
    .map(([n, unit]) => new Intl.NumberFormat(locale(), { style: 'unit', unit, unitDisplay: 'narrow' }).format(n))
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
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: 'CNY', maximumFractionDigits: 0 }).format(
    value,
  );
}
