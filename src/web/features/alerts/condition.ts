import type { TFunction } from 'i18next';
import type { Alert } from '../../../shared/api/alerts.schema.ts';
import { type AlertKind, rearmLine } from '../../../shared/api/alerts.values.ts';
import { EMPTY, formatDecimal, formatInteger } from '../../lib/format.ts';

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

/** A heat, a threshold or a change as the server keeps them: one decimal, none when whole ("61.2", "60"). */
export function formatAlertNumber(value: number): string {
  return Number.isInteger(value) ? formatInteger(value) : formatDecimal(value, 1);
}

/** "Heat at or above 70", "Enters the top 10": an alert's condition in words. */
export function conditionText(t: TFunction<'alerts'>, kind: AlertKind, threshold: number | null): string {
  return t(`condition.${kind}`, { value: threshold === null ? '' : formatAlertNumber(threshold) });
}

const TRENDS = ['up', 'down', 'stable'] as const;

/** What the last check saw, in the alert's unit: "61.2", "+3.4", "Rank 7", "Up"; "—" when it saw nothing. */
export function lastValueText(t: TFunction<'alerts'>, alert: Alert): string {
  if (alert.kind === 'trend_change') {
    const trend = TRENDS.find((x) => x === alert.lastTrend);
    return trend ? t(`trend.${trend}`) : EMPTY;
  }
  const value = alert.lastValue;
  if (value === null) return EMPTY;
  if (alert.kind === 'rank_top') return t('value.rank', { value: formatInteger(value) });
  if (alert.kind === 'heat_change_24h') return `${value > 0 ? '+' : ''}${formatAlertNumber(value)}`;
  return formatAlertNumber(value);
}

/**
 * One sentence that makes the state and the dates agree (the evaluation's rules, docs/alert-evaluation.md): armed —
 * it notifies once when the condition holds; fired — it was notified at its last trigger and is armed again past the
 * re-arm line; a trend alert notifies on every change.
 */
export function stateHint(t: TFunction<'alerts'>, alert: Alert): string {
  if (!alert.isActive) return t('hint.paused');
  if (alert.lastEvaluatedAt === null) return t('hint.waiting');
  if (alert.kind === 'trend_change') return t('hint.trend');
  if (alert.state === 'armed') return t('hint.armed');
  const line = alert.threshold === null ? null : rearmLine(alert.kind, alert.threshold);
  return line === null ? t('hint.armed') : t(`hint.fired.${alert.kind}`, { value: formatAlertNumber(line) });
}
