import { z } from 'zod';
import { SyncSourceSchema } from './sync.schema.ts';

// HTTP contract of GET /api/data-state: what the figures this instance shows rest on, so the web claims "live" only
// when they are. Computed from the database (sync log + stored provenance): every instance answers alike.

/** The external sources (the sync log's sources without the catalogue pseudo-source). */
export const ExternalSourceSchema = SyncSourceSchema.exclude(['catalogue']);
export type ExternalSource = z.infer<typeof ExternalSourceSchema>;
export const EXTERNAL_SOURCES = ExternalSourceSchema.options;

/**
 * `live`: the source answered within its freshness window (twice its refresh interval, src/shared/staleness.ts);
 * `stale`: it answered once, longer ago than that; `never`: no run of it ever wrote data and it holds none.
 */
export const DATA_SOURCE_STATES = ['live', 'stale', 'never'] as const;
export const DataSourceStateSchema = z.enum(DATA_SOURCE_STATES);
export type DataSourceState = z.infer<typeof DataSourceStateSchema>;

/**
 * What the market figures shown (price, market cap, volume: CoinGecko's) are: `live` (CoinGecko answered within its
 * window), `stale` (it answered, but not recently), `sample` (it never answered; the built-in catalogue's labelled
 * sample is shown), `none` (it never answered and there is no sample either).
 */
export const FIGURES_STATES = ['live', 'stale', 'sample', 'none'] as const;
export const FiguresStateSchema = z.enum(FIGURES_STATES);
export type FiguresState = z.infer<typeof FiguresStateSchema>;

export const DataSourceSchema = z.object({
  source: ExternalSourceSchema,
  state: DataSourceStateSchema,
  /** The newest time this source wrote data: its newest successful run or its newest stored value. */
  lastSuccessAt: z.iso.datetime().nullable(),
  /** The freshness window in hours: older than this is stale. */
  windowHours: z.number(),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

export const DataStateResponseSchema = z.object({
  /** When this answer was computed (the clock the windows are measured against). */
  asOf: z.iso.datetime(),
  figures: FiguresStateSchema,
  /** The market figures' date: the last CoinGecko refresh when live or stale, the sample's as-of when sample. */
  figuresAsOf: z.iso.datetime().nullable(),
  /** Projects still holding a figure from the built-in catalogue's sample, and its as-of; null with none. */
  sample: z.object({ projects: z.number().int(), asOf: z.iso.datetime() }).nullable(),
  sources: z.array(DataSourceSchema),
});
export type DataStateResponse = z.infer<typeof DataStateResponseSchema>;
