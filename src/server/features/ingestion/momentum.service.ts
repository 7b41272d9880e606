import type { Db } from '../../db/client.ts';
import { type MarketDay, updateMomentumFromHistory, upsertMarketDay } from './momentum.queries.ts';

export type { MarketDay };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * After a market refresh (ingestion/market.service.ts): today's price, market cap and volume become today's daily
 * values, and the refreshed projects' momentum (priceChange7d) is the 7-day change of their stored daily prices
 * when a price seven days back is stored — CoinGecko's own 7 d figure otherwise (docs/heat-score.md "Momentum").
 */
export async function recordMarketDay(db: Db, at: Date, rows: readonly MarketDay[]): Promise<number> {
  if (rows.length === 0) return 0;
  await upsertMarketDay(db, dayOf(at), at, rows);
  return updateMomentumFromHistory(
    db,
    dayOf(at),
    rows.map((r) => r.projectId),
  );
}

/** Every project's momentum from its stored daily prices (after a backfill). Returns the projects changed. */
export function refreshMomentum(db: Db, now: Date): Promise<number> {
  return updateMomentumFromHistory(db, dayOf(now));
}
