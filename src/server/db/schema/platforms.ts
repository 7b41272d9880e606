import { boolean, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Chain TVL per platform (DefiLlama `/v2/chains`, docs/ingestion.md "Chain TVL"). `platform_key` is the chain
 * platform's id (the slug of its name, as GET /api/platforms builds it); a DefiLlama chain named differently from our
 * platform (BSC ↔ BNB Chain) is stored under both keys. A failed fetch keeps every row and sets `stale`; `as_of` is
 * when the figure was read (the source gives no time of its own).
 */
export const platformTvl = pgTable('platform_tvl', {
  platformKey: text().primaryKey(),
  /** The chain's name at the source, e.g. 'BSC'. */
  sourceName: text().notNull(),
  tvlUsd: doublePrecision().notNull(),
  source: text().notNull().default('defillama'),
  asOf: timestamp({ withTimezone: true }).notNull(),
  stale: boolean().notNull().default(false),
});
