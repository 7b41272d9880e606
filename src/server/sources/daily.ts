/** One day's value from a source's history: `day` is a UTC date (YYYY-MM-DD). */
export type DailyPoint = { day: string; value: number };

/** The UTC day (YYYY-MM-DD) of an epoch-milliseconds time. */
export function toUtcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `[ms, value]` pairs → one point per UTC day, the day's last value (CoinGecko answers hourly points for 2–90 days
 * and daily ones beyond). Non-finite values are dropped (no data, never 0). Oldest day first.
 */
export function toDailyLast(pairs: readonly (readonly [number, number | null])[]): DailyPoint[] {
  const byDay = new Map<string, { at: number; value: number }>();
  for (const [at, value] of pairs) {
    if (value === null || !Number.isFinite(value) || !Number.isFinite(at)) continue;
    const day = toUtcDay(at);
    const seen = byDay.get(day);
    if (!seen || at >= seen.at) byDay.set(day, { at, value });
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, { value }]) => ({ day, value }));
}
