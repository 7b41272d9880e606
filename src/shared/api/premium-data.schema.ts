import { z } from 'zod';
import { SOURCE_HISTORY_RANGES, type SourceHistoryRange } from './premium-data.values.ts';

// HTTP contract of VIP's premium data (feature premium_data, docs/points.md "Premium data"): the funding rounds'
// investors and valuations (GET /api/projects/:id/funding withholds them below vip) and a project's daily source
// history (GET /api/projects/:id/source-history, vip only).

/** Why part of an answer is withheld: the viewer's level lacks premium_data (server-enforced; the data is not sent). */
export const PremiumDataLockSchema = z.object({
  feature: z.literal('premium_data'),
  requiredLevel: z.literal('vip'),
});
export type PremiumDataLock = z.infer<typeof PremiumDataLockSchema>;

/** The lock every reduced answer carries. */
export const PREMIUM_DATA_LOCK: PremiumDataLock = { feature: 'premium_data', requiredLevel: 'vip' };

/**
 * The daily source values stored per project (table daily_signals), in the order the page lists them, each with the
 * source that supplies it: what the heat score's past days are recomputed from.
 */
export const SOURCE_HISTORY_SIGNALS = [
  'price',
  'marketCap',
  'volume24h',
  'tvl',
  'commits52w',
  'pageViews',
  'news',
] as const;
export const SourceHistorySignalSchema = z.enum(SOURCE_HISTORY_SIGNALS);
export type SourceHistorySignal = z.infer<typeof SourceHistorySignalSchema>;

export const SourceHistoryQuerySchema = z.object({
  range: z.enum(Object.keys(SOURCE_HISTORY_RANGES) as [SourceHistoryRange, ...SourceHistoryRange[]]).default('1y'),
});

export const SourceHistorySeriesSchema = z.object({
  signal: SourceHistorySignalSchema,
  /** The adapter that supplied the values (coingecko, defillama, github, wikipedia, gdelt). */
  source: z.string(),
  /** When the newest of these values was read from the source. */
  asOf: z.iso.datetime(),
  /** Oldest day first; only the days the source gave a value for (no gap is filled in). */
  points: z.array(z.object({ day: z.iso.date(), value: z.number() })),
});
export type SourceHistorySeries = z.infer<typeof SourceHistorySeriesSchema>;

/** GET /api/projects/:id/source-history?range= (vip): one series per signal that has at least one stored day. */
export const SourceHistoryResponseSchema = z.object({
  projectId: z.string(),
  range: z.enum(Object.keys(SOURCE_HISTORY_RANGES) as [SourceHistoryRange, ...SourceHistoryRange[]]),
  /** The first and last UTC day asked for (inclusive). */
  from: z.iso.date(),
  to: z.iso.date(),
  series: z.array(SourceHistorySeriesSchema),
});
export type SourceHistoryResponse = z.infer<typeof SourceHistoryResponseSchema>;
