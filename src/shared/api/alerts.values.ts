// alerts.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

/**
 * heat_above / heat_below: the target's heat crosses the threshold (0–100).
 * rank_top: the target enters the top N (projects among all scored projects; sectors among sectors), N = threshold.
 * heat_change_24h: the target's heat moved at least `threshold` points (either way) against 24 h ago.
 * trend_change: a sector's trend (up / down / stable) changes; no threshold.
 */
export const ALERT_KINDS = ['heat_above', 'heat_below', 'rank_top', 'heat_change_24h', 'trend_change'] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_TARGET_TYPES = ['project', 'sector'] as const;

export type AlertTargetType = (typeof ALERT_TARGET_TYPES)[number];

/** Hysteresis: 'armed' until the condition holds; 'fired' (notified once) until it stops holding. */
export const ALERT_STATES = ['armed', 'fired'] as const;

/** Kinds each target type allows. */
export const ALERT_KINDS_BY_TARGET: Record<AlertTargetType, readonly AlertKind[]> = {
  project: ['heat_above', 'heat_below', 'rank_top', 'heat_change_24h'],
  sector: ['heat_above', 'heat_below', 'rank_top', 'heat_change_24h', 'trend_change'],
};

export const WEBHOOK_URL_MAX = 500;

/**
 * Hysteresis band of the heat kinds, in heat points: a heat_above alert that fired is armed again only once the heat
 * is below `threshold − 1` (heat_below: above `threshold + 1`; heat_change_24h: |change| below `threshold − 1`), so
 * a heat jittering around the line does not fire on every recompute. Never more than half the threshold's distance
 * to the scale's end, so a threshold of 0.5 (or a heat_below at 99.5) can still re-arm. rank_top has no band.
 */
export const HEAT_HYSTERESIS_POINTS = 1;

/**
 * Where a fired alert is armed again (the evaluation's rule, which the /alerts page states): heat_above below the
 * returned heat, heat_below above it, heat_change_24h when |change| is below it, rank_top outside the top N (N
 * returned). trend_change has none (it fires on every change).
 */
export function rearmLine(kind: AlertKind, threshold: number): number | null {
  switch (kind) {
    case 'heat_above':
    case 'heat_change_24h':
      return threshold - Math.min(HEAT_HYSTERESIS_POINTS, threshold / 2);
    case 'heat_below':
      return threshold + Math.min(HEAT_HYSTERESIS_POINTS, Math.max(100 - threshold, 0) / 2);
    case 'rank_top':
      return threshold;
    case 'trend_change':
      return null;
  }
}
