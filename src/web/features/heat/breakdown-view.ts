import type { BreakdownEntry } from '../../../shared/scoring/types.ts';
import { EMPTY, formatCompact, formatPercent, formatScore, formatUsd } from '../../lib/format.ts';

// Pure presentation rules for a score breakdown (unit-tested; the components only render what these return).

const USD = new Set(['marketCapUsd', 'volume24hUsd']);
const PERCENT = new Set(['priceChange24hPct', 'priceChange7dPct']);
const SCORE = new Set(['socialScore', 'projectHeat', 'projectSocial']);

/** A breakdown entry's raw input for display: "$6.0B", "+3.20%", "1.2M", "0.10×" — or "—" without data. */
export function formatRaw(entry: Pick<BreakdownEntry, 'key' | 'raw'>): string {
  const { key, raw } = entry;
  if (raw === null) return EMPTY;
  if (typeof raw !== 'number') return String(raw);
  if (USD.has(key)) return formatUsd(raw);
  if (PERCENT.has(key)) return formatPercent(raw);
  if (SCORE.has(key)) return formatScore(raw);
  if (key === 'volumeToMarketCap') return `${raw < 0.01 ? raw.toFixed(4) : raw.toFixed(2)}×`;
  if (key === 'googleTrends') return `${Math.round(raw)}/100`;
  if (key === 'engagementAvg' && raw < 1000) return raw.toFixed(1);
  return formatCompact(raw);
}

/** Points with a sign and two decimals: "+9.60", "−6.34", "0.00". */
export function formatPoints(points: number): string {
  const rounded = Math.abs(points) < 0.005 ? 0 : points;
  const text = Math.abs(rounded).toFixed(2);
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : text;
}

/** A weight (share of 1) as a percentage: 0.12 → "12.0%"; adjustments (weight 0) show "—". */
export function formatWeight(weight: number): string {
  return weight === 0 ? EMPTY : `${(weight * 100).toFixed(1)}%`;
}

export type BreakdownGroups = { components: BreakdownEntry[]; adjustments: BreakdownEntry[] };

/**
 * Splits a breakdown into weighted components (with data first by contribution, then the "no data" ones) and the
 * adjustments that follow them (base, neutral, age, status, clamp — clamp and zero-point status only when they act).
 */
export function groupBreakdown(breakdown: readonly BreakdownEntry[]): BreakdownGroups {
  const isAdjustment = (e: BreakdownEntry) => e.category === 'base' || e.category === 'adjustment';
  const components = breakdown
    .filter((e) => !isAdjustment(e))
    .sort((a, b) => Number(a.noData) - Number(b.noData) || b.contribution - a.contribution);
  const adjustments = breakdown.filter(
    // A base or status without data (a social score with no profile read: no base granted) is not an adjustment.
    (e) =>
      isAdjustment(e) &&
      !(e.key === 'clamp' && e.contribution === 0) &&
      !((e.key === 'status' || e.key === 'base') && e.noData),
  );
  return { components, adjustments };
}

/** The i18n key (namespace heat) of a component key, including history keys such as "heat.market". */
export function componentLabelKey(key: string): { key: string; category?: string } {
  if (key.startsWith('heat.')) {
    const part = key.slice('heat.'.length);
    return ['social', 'market', 'development', 'news'].includes(part)
      ? { key: 'moves.categoryPart', category: part }
      : { key: `components.${part}` };
  }
  if (['social', 'market', 'development', 'news'].includes(key)) return { key: `categories.${key}` };
  return { key: `components.${key}` };
}

/** A cohort percentile as people read it: a whole number from 1 to 99 (the mid-rank of the top of 100 is 99.5). */
export function displayPercentile(percentile: number): number {
  return Math.min(99, Math.max(1, Math.round(percentile)));
}
