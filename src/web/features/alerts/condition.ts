import type { TFunction } from 'i18next';
import type { AlertKind } from '../../../shared/api/alerts.schema.ts';
import { formatDecimal } from '../../lib/format.ts';

/** A kind's starting threshold in the create dialog (null: the kind takes none). */
export const DEFAULT_THRESHOLD: Record<AlertKind, number | null> = {
  heat_above: 70,
  heat_below: 30,
  rank_top: 10,
  heat_change_24h: 10,
  trend_change: null,
};

/** The input's bounds per kind (the server's rules, docs/alerts.md): heat 0–100, rank ≥ 1 whole, change > 0. */
export const THRESHOLD_INPUT: Record<
  Exclude<AlertKind, 'trend_change'>,
  { min: number; max?: number; step: number }
> = {
  heat_above: { min: 0, max: 100, step: 0.1 },
  heat_below: { min: 0, max: 100, step: 0.1 },
  rank_top: { min: 1, step: 1 },
  heat_change_24h: { min: 0.1, max: 100, step: 0.1 },
};

/** "Heat above 70", "Enters the top 10": an alert's condition in words. */
export function conditionText(t: TFunction<'alerts'>, kind: AlertKind, threshold: number | null): string {
  const value =
    threshold === null || Number.isInteger(threshold) ? String(threshold ?? '') : formatDecimal(threshold, 1);
  return t(`condition.${kind}`, { value });
}
