import { z } from 'zod';
import { SAVED_SEARCH_NAME_MAX } from '../../../shared/api/saved-searches.schema.ts';
import { StoredQuerySchema } from '../saved-searches/saved-searches.service.ts';

/**
 * A teammate's edit of a shared search: its name and query (validated as /api/search would), never its alert, which
 * stays the author's own setting.
 */
export const TeamSearchBodySchema = z
  .object({ name: z.string().trim().min(1).max(SAVED_SEARCH_NAME_MAX).optional(), query: StoredQuerySchema.optional() })
  .strict();
