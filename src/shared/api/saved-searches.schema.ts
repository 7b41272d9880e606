import { z } from 'zod';
import { isSafeName, UNSAFE_NAME_MESSAGE } from '../text/unsafe-characters.ts';

// HTTP contracts of /api/saved-searches (premium saved searches; with alertEnabled, search alerts counted against the
// concurrent-alerts quota together with /api/alerts).

export const SAVED_SEARCH_NAME_MAX = 60;
/** Saved searches per user (the alerts among them are capped by the quota table). */
export const SAVED_SEARCHES_PER_USER = 50;
/** A search alert follows this many of its top results (by the search's own order) as its baseline. */
export const SEARCH_ALERT_TRACKED_RESULTS = 500;

/**
 * The /api/search query-string parameters to re-run (q, category, chain, …, sort; never page). The server validates
 * it with SearchQuerySchema: anything /api/search would refuse is a 400 here too.
 */
export const SavedQuerySchema = z.record(
  z.string().max(40),
  z.union([z.string().max(500), z.number().finite(), z.boolean()]),
);

export const SavedSearchIdParamsSchema = z.object({ id: z.uuid() });

export const CreateSavedSearchBodySchema = z
  .object({
    name: z.string().trim().min(1).max(SAVED_SEARCH_NAME_MAX).refine(isSafeName, { error: UNSAFE_NAME_MESSAGE }),
    query: SavedQuerySchema,
    alertEnabled: z.boolean().optional(),
    alertHeatThreshold: z.number().finite().min(0).max(100).nullable().optional(),
  })
  .strict();

/** An omitted field keeps its value; alertEnabled true needs a free alert slot (429 ALERT_LIMIT_REACHED). */
export const UpdateSavedSearchBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(SAVED_SEARCH_NAME_MAX)
      .refine(isSafeName, { error: UNSAFE_NAME_MESSAGE })
      .optional(),
    query: SavedQuerySchema.optional(),
    alertEnabled: z.boolean().optional(),
    alertHeatThreshold: z.number().finite().min(0).max(100).nullable().optional(),
  })
  .strict();

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: SavedQuerySchema,
  alertEnabled: z.boolean(),
  alertHeatThreshold: z.number().nullable(),
  lastNotifiedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchesResponseSchema = z.object({
  items: z.array(SavedSearchSchema),
  limit: z.number().int(),
});
export type SavedSearchesResponse = z.infer<typeof SavedSearchesResponseSchema>;
