import type { HeatSignals, SignalKey } from '../../../shared/scoring/index.ts';
import { computeSearchInterestIndex } from '../../../shared/scoring/search-interest.ts';

export { toDayNumber, toDayString } from '../../../shared/time/utc-day.ts';

/** A project's daily values by signal and day number, as stored in daily_signals. */
export type DailySeries = Map<string, Map<number, number>>;

/** Daily value rows (project, signal, day number, value) → each project's series. */
export function groupDailySeries(
  rows: readonly (readonly [string, string, number, number])[],
): Map<string, DailySeries> {
  const out = new Map<string, DailySeries>();
  for (const [id, signal, day, value] of rows) {
    const series = out.get(id) ?? new Map<string, Map<number, number>>();
    out.set(id, series);
    const points = series.get(signal) ?? new Map<number, number>();
    series.set(signal, points);
    points.set(day, value);
  }
  return out;
}

const pct = (now: number | undefined, then: number | undefined) =>
  now === undefined || then === undefined || !(then > 0) ? null : (now / then - 1) * 100;

/** The sum of a series over the `width` days ending `day`; null when none of those days has a value. */
function windowSum(series: Map<number, number> | undefined, day: number, width: number): number | null {
  if (!series) return null;
  let sum: number | null = null;
  for (let d = day - width + 1; d <= day; d++) {
    const value = series.get(d);
    if (value !== undefined) sum = (sum ?? 0) + value;
  }
  return sum;
}

/** The 7-day price change (%) ending `day` from daily prices: the momentum input; null without both days. */
export function computeMomentum(prices: Map<number, number> | undefined, day: number): number | null {
  return pct(prices?.get(day), prices?.get(day - 7));
}

/**
 * The heat inputs a past `day` had, from daily values only: each signal the sources recorded for that day, every other
 * input "no data" (a past day is never scored on today's followers). Market cap and 24 h volume are the day's values;
 * the 24 h and 7 d price changes come from the day's price and the price 1 and 7 days before; commits over 52 weeks
 * are the day's stored commits52w (backfill-sources.ts toCommits52w); news
 * mentions sum 7 days of GDELT counts; search interest is the 0–100 index of 7 days of Wikipedia views. Pure.
 */
export function toPastDaySignals(series: DailySeries, day: number): Pick<HeatSignals, SignalKey> {
  const prices = series.get('price');
  const views = windowSum(series.get('pageViews'), day, 7);
  return {
    ...NO_DATA,
    marketCapUsd: series.get('marketCap')?.get(day) ?? null,
    volume24hUsd: series.get('volume24h')?.get(day) ?? null,
    priceChange24hPct: pct(prices?.get(day), prices?.get(day - 1)),
    priceChange7dPct: computeMomentum(prices, day),
    commits52w: series.get('commits52w')?.get(day) ?? null,
    newsMentions: windowSum(series.get('news'), day, 7),
    googleTrends: views === null ? null : computeSearchInterestIndex(views),
  };
}

const NO_DATA: Pick<HeatSignals, SignalKey> = {
  twitterFollowers: null,
  mentions7d: null,
  engagementAvg: null,
  telegramMembers: null,
  discordMembers: null,
  marketCapUsd: null,
  volume24hUsd: null,
  priceChange24hPct: null,
  priceChange7dPct: null,
  commits52w: null,
  stars: null,
  forks: null,
  contributors: null,
  codeFrequency: null,
  newsMentions: null,
  googleTrends: null,
  redditMentions: null,
};
