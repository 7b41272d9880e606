import { z } from 'zod';
import { isSafeName, UNSAFE_NAME_MESSAGE } from '../text/unsafe-characters.ts';
import { MetricSourceSchema } from './common.schema.ts';
import { CreditResponseSchema } from './tasks.schema.ts';
import { HOLDING_MAX, WATCHLIST_NAME_MAX, WATCHLIST_NOTE_MAX } from './watchlists.values.ts';

// HTTP contracts of /api/watchlists and /api/me/watching (premium portfolio tracking).

export const WATCHLISTS_PER_USER = 20;
export const ITEMS_PER_WATCHLIST = 200;

const Name = z.string().trim().min(1).max(WATCHLIST_NAME_MAX).refine(isSafeName, { error: UNSAFE_NAME_MESSAGE });
/** Units or USD; null clears it. */
const Quantity = z.number().finite().min(0).max(HOLDING_MAX).nullable();

export const WatchlistIdParamsSchema = z.object({ id: z.uuid() });
export const WatchlistItemParamsSchema = z.object({ id: z.uuid(), projectId: z.string().min(1).max(200) });

export const WatchlistNameBodySchema = z.object({ name: Name }).strict();

export const AddItemBodySchema = z
  .object({
    projectId: z.string().trim().min(1).max(200),
    amount: Quantity.optional(),
    costBasis: Quantity.optional(),
    note: z.string().trim().max(WATCHLIST_NOTE_MAX).nullable().optional(),
  })
  .strict();

/** A holding's fields; an omitted field keeps its value, null clears it. */
export const UpdateItemBodySchema = z
  .object({
    amount: Quantity.optional(),
    costBasis: Quantity.optional(),
    note: z.string().trim().max(WATCHLIST_NOTE_MAX).nullable().optional(),
  })
  .strict();

export const WatchlistSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WatchlistSummary = z.infer<typeof WatchlistSummarySchema>;

export const WatchlistsResponseSchema = z.object({
  items: z.array(WatchlistSummarySchema),
  limit: z.number().int(),
  itemLimit: z.number().int(),
});
export type WatchlistsResponse = z.infer<typeof WatchlistsResponseSchema>;

/**
 * Why a figure is null, never a made-up number: no_amount (a plain watch), no_price (the project has no price),
 * no_cost_basis (P&L needs what was paid), no_change (no 24 h price change known).
 */
export const FIGURE_REASONS = ['no_amount', 'no_price', 'no_cost_basis', 'no_change'] as const;
export const FigureSchema = z.object({ value: z.number().nullable(), reason: z.enum(FIGURE_REASONS).nullable() });
export type Figure = z.infer<typeof FigureSchema>;

export const WatchlistItemSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  logoUrl: z.string().nullable(),
  heatScore: z.number().nullable(),
  price: z.number().nullable(),
  /** Percent, as the market source reports it. */
  priceChange24h: z.number().nullable(),
  marketCap: z.number().nullable(),
  /** Where price, 24 h change and market cap came from and as of when (like the directory's). */
  marketSource: MetricSourceSchema.nullable().optional(),
  /** Where the price and its 24 h change came from and as of when; null when no source gave a price. */
  priceSource: MetricSourceSchema.nullable().optional(),
  addedAt: z.string(),
  amount: z.number().nullable(),
  costBasis: z.number().nullable(),
  note: z.string().nullable(),
  /** amount × price */
  value: FigureSchema,
  /** value − cost basis */
  pnl: FigureSchema,
  /** value now − value 24 h ago at the same amount (USD) */
  change24h: FigureSchema,
});
export type WatchlistItem = z.infer<typeof WatchlistItemSchema>;

export const WatchlistTotalsSchema = z.object({
  /** Sums over the holdings that have the figure; null when none has it. */
  value: z.number().nullable(),
  costBasis: z.number().nullable(),
  pnl: z.number().nullable(),
  change24h: z.number().nullable(),
  /** Every project of the list: the "of n" each total states ("value of 3 of 5 holdings"). */
  holdings: z.number().int(),
  /** Holdings (amount set) counted in `value`, and those left out because their project has no price. */
  pricedHoldings: z.number().int(),
  unpricedHoldings: z.number().int(),
  /** Holdings counted in `pnl` (a price and a cost basis) and in `change24h` (a price and its 24 h change). */
  pnlHoldings: z.number().int(),
  changeHoldings: z.number().int(),
  /** Mean current heat of the list's scored projects; null when none is scored. */
  averageHeat: z.number().nullable(),
  scoredProjects: z.number().int(),
});

export const WatchlistDetailSchema = WatchlistSummarySchema.extend({
  items: z.array(WatchlistItemSchema),
  totals: WatchlistTotalsSchema,
  itemLimit: z.number().int(),
});
export type WatchlistDetail = z.infer<typeof WatchlistDetailSchema>;

/** `added` false: the project was already in the list. `credited`: the tasks this add completed. */
export const AddItemResponseSchema = z.object({
  added: z.boolean(),
  item: z.object({ projectId: z.string() }),
  credited: z.array(CreditResponseSchema),
});

export const HISTORY_RANGES = ['7d', '30d', '90d'] as const;
export const WatchlistHistoryQuerySchema = z.object({ range: z.enum(HISTORY_RANGES).default('30d') });
export const WatchlistHistoryResponseSchema = z.object({
  range: z.enum(HISTORY_RANGES),
  timeZone: z.string(),
  /** One point per zone-day with history: the mean of each current project's last heat that day. */
  points: z.array(z.object({ day: z.string(), heat: z.number(), projects: z.number().int() })),
});
export type WatchlistHistory = z.infer<typeof WatchlistHistoryResponseSchema>;

export const WatchingQuerySchema = z.object({ projectId: z.string().trim().min(1).max(200) });
/** Every list of mine, and whether it holds the project (the project page's button). */
export const WatchingResponseSchema = z.object({
  projectId: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string(), contains: z.boolean() })),
  limit: z.number().int(),
});
export type WatchingResponse = z.infer<typeof WatchingResponseSchema>;

/** Every project in any list of mine (the directory's filled stars); at most WATCHLISTS_PER_USER × ITEMS_PER_WATCHLIST. */
export const WatchedProjectsResponseSchema = z.object({ projectIds: z.array(z.string()) });
export type WatchedProjectsResponse = z.infer<typeof WatchedProjectsResponseSchema>;
