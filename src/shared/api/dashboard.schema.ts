import { z } from 'zod';

// HTTP contract of /api/me/dashboard (premium custom dashboard): the signed-in user's own layout of widgets, stored on
// the account (identical on every device), and the saved-search widget's results.

/** At most this many widgets on one dashboard. */
export const DASHBOARD_MAX_WIDGETS = 20;
/** A note widget's text, in characters (shown as plain text, never as HTML). */
export const DASHBOARD_NOTE_MAX = 2000;
/** A saved-search widget lists this many of the search's top results. */
export const DASHBOARD_SEARCH_RESULTS = 5;
/** …out of the search's top this many, where it looks for new results. */
export const DASHBOARD_SEARCH_SCAN = 100;

export const WIDGET_KINDS = [
  'watchlist',
  'alerts',
  'sector_heat',
  'top_movers',
  'saved_search',
  'market_brief',
  'note',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** small: one grid column; wide: the whole row (on a phone every widget is one column). */
export const WIDGET_SIZES = ['small', 'wide'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

/** A client-made id (a UUID in the web app), unique within the layout. */
const WidgetId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Size = z.enum(WIDGET_SIZES);
const Empty = z.object({}).strict();

const widget = <K extends WidgetKind, S extends z.ZodType>(kind: K, settings: S) =>
  z.object({ id: WidgetId, kind: z.literal(kind), size: Size, settings }).strict();

export const DashboardWidgetSchema = z.discriminatedUnion('kind', [
  widget('watchlist', z.object({ watchlistId: z.uuid() }).strict()),
  widget('alerts', Empty),
  widget('sector_heat', Empty),
  widget('top_movers', z.object({ window: z.enum(['day', 'week']) }).strict()),
  widget('saved_search', z.object({ savedSearchId: z.uuid() }).strict()),
  widget('market_brief', Empty),
  widget('note', z.object({ text: z.string().max(DASHBOARD_NOTE_MAX) }).strict()),
]);
export type DashboardWidget = z.infer<typeof DashboardWidgetSchema>;

const Widgets = z
  .array(DashboardWidgetSchema)
  .max(DASHBOARD_MAX_WIDGETS)
  .refine((list) => new Set(list.map((w) => w.id)).size === list.length, { message: 'widget ids must be unique' });

/**
 * PUT /api/me/dashboard: the whole layout, in display order. `version` is the one the client last read (0 before the
 * first save): optimistic concurrency, so a save made from an older copy answers 409 DASHBOARD_CONFLICT and changes
 * nothing instead of silently overwriting another device's newer layout.
 */
export const PutDashboardBodySchema = z
  .object({ version: z.number().int().min(0).max(2_147_483_647), widgets: Widgets, homeDashboard: z.boolean() })
  .strict();
export type PutDashboardBody = z.infer<typeof PutDashboardBodySchema>;

export const DashboardResponseSchema = z.object({
  widgets: z.array(DashboardWidgetSchema),
  /** The signed-in home: true sends this user from / (on arrival and after sign-in) to /dashboard. */
  homeDashboard: z.boolean(),
  /** 0 until the first save; each save adds one. */
  version: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
  /** The latest heat run (newest project_scores.computed_at): the as-of of every heat figure a widget shows. */
  heatAsOf: z.iso.datetime().nullable(),
  limits: z.object({ widgets: z.number().int(), noteChars: z.number().int() }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

export const DashboardSearchParamsSchema = z.object({ id: z.uuid() });

/** GET /api/me/dashboard/saved-searches/:id/results: the search re-run now (not counted against the daily quota). */
export const DashboardSearchResultsSchema = z.object({
  savedSearchId: z.string(),
  name: z.string(),
  /** When the search was saved: a result whose project joined HeatRank after this is "new". */
  savedAt: z.iso.datetime(),
  /** When the search ran (now) and the newest heat computation among the results (null when none is scored). */
  ranAt: z.iso.datetime(),
  heatAsOf: z.iso.datetime().nullable(),
  /** Results looked at (the top DASHBOARD_SEARCH_SCAN) and how many of them are new. */
  resultCount: z.number().int(),
  newCount: z.number().int(),
  /** The new results first (up to DASHBOARD_SEARCH_RESULTS); the top results when none is new. */
  items: z.array(
    z.object({
      projectId: z.string(),
      name: z.string(),
      heatScore: z.number().nullable(),
      addedAt: z.iso.datetime(),
      isNew: z.boolean(),
    }),
  ),
  /** The saved query, for the "open in search" link. */
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type DashboardSearchResults = z.infer<typeof DashboardSearchResultsSchema>;
