import { ALERT_KINDS_BY_TARGET, type AlertKind, type AlertTargetType } from '../../../shared/api/alerts.values.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { AppError } from '../../errors.ts';

/** Why an alert's condition is refused (the ALERT_INVALID reason; its text is alerts.invalid.<reason>). */
export const ALERT_INVALID_REASONS = [
  'kind_not_allowed',
  'threshold_required',
  'threshold_not_allowed',
  'heat_range',
  'rank_range',
  'change_range',
] as const;
export type AlertInvalidReason = (typeof ALERT_INVALID_REASONS)[number];

/** The highest 24 h heat change that can happen: heat is a 0–100 score. */
export const MAX_HEAT_CHANGE = 100;

/**
 * Whether a kind and threshold make an alert on this target type, or why not (pure; docs/alerts.md lists the rules):
 * heat thresholds 0–100, rank_top an integer ≥ 1, heat_change_24h above 0 (at most 100), trend_change none.
 */
export function checkCondition(
  targetType: AlertTargetType,
  kind: AlertKind,
  threshold: number | null,
): AlertInvalidReason | null {
  if (!ALERT_KINDS_BY_TARGET[targetType].includes(kind)) return 'kind_not_allowed';
  if (kind === 'trend_change') return threshold === null ? null : 'threshold_not_allowed';
  if (threshold === null) return 'threshold_required';
  switch (kind) {
    case 'heat_above':
    case 'heat_below':
      return threshold >= 0 && threshold <= 100 ? null : 'heat_range';
    case 'rank_top':
      return Number.isInteger(threshold) && threshold >= 1 ? null : 'rank_range';
    case 'heat_change_24h':
      return threshold > 0 && threshold <= MAX_HEAT_CHANGE ? null : 'change_range';
  }
}

/**
 * A threshold as the pages show it: one decimal (a rank is whole and is checked as given). Stored this way, two
 * thresholds that read the same are the same condition (one alert per condition) and compare like the shown value.
 */
export function toShownThreshold(kind: AlertKind, threshold: number | null): number | null {
  if (threshold === null || kind === 'rank_top') return threshold;
  return Math.round(threshold * 10) / 10;
}

/** Throws 400 ALERT_INVALID with the reason in the request's language (and its key in details) when refused. */
export function assertCondition(
  lang: Language,
  targetType: AlertTargetType,
  kind: AlertKind,
  threshold: number | null,
): void {
  const reason = checkCondition(targetType, kind, threshold);
  if (!reason) return;
  throw new AppError(
    'ALERT_INVALID',
    { reason: translate(lang, `alerts.invalid.${reason}`, { kind, max: MAX_HEAT_CHANGE }) },
    { reason },
  );
}
