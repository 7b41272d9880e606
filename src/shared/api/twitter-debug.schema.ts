import { z } from 'zod';

// POST /api/admin/twitter-debug (spec route /twitter-debug): one X API v2 call through the account pool, answered
// with X's raw body, the value ingestion would map it to, and the account that served it (never a secret).

export const X_DEBUG_ENDPOINTS = ['user', 'search', 'counts'] as const;
export const XDebugEndpointSchema = z.enum(X_DEBUG_ENDPOINTS);
export type XDebugEndpoint = z.infer<typeof XDebugEndpointSchema>;

/** X handles: 1–15 letters, digits or underscores (a leading @ is stripped, spec §5). */
const HandleSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@+/, ''))
  .pipe(z.string().regex(/^\w{1,15}$/, 'an X handle: 1–15 letters, digits or _'));

/**
 * `username`: the call ingestion makes for that handle (search `from:<handle> -is:retweet`, counts
 * `@<handle> -is:retweet`). `query` (search and counts only): sent as written, mapped the same way.
 */
export const XDebugBodySchema = z
  .object({
    endpoint: XDebugEndpointSchema,
    username: HandleSchema.optional(),
    query: z.string().trim().min(1).max(512).optional(),
  })
  .refine((body) => (body.username === undefined) !== (body.query === undefined), {
    message: 'give either username or query',
  })
  .refine((body) => body.endpoint !== 'user' || body.username !== undefined, {
    message: 'the user endpoint takes a username',
    path: ['username'],
  });
export type XDebugBody = z.infer<typeof XDebugBodySchema>;

export const XDebugMappedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('profile'),
    profile: z.object({
      id: z.string(),
      username: z.string(),
      followers: z.number().nullable(),
      verified: z.boolean(),
      verifiedType: z.string().nullable(),
    }),
  }),
  /** Average engagement of the first 5 tweets (likes + retweets + replies + quotes); null without tweets. */
  z.object({ kind: z.literal('engagement'), value: z.number().nullable() }),
  /** Total tweets over the 7-day window. */
  z.object({ kind: z.literal('mentions7d'), value: z.number() }),
]);

export const XDebugAccountSchema = z.object({ id: z.string(), label: z.string() });

export const XDebugResponseSchema = z.object({
  endpoint: XDebugEndpointSchema,
  request: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }),
  account: XDebugAccountSchema,
  /** X's JSON body as received. */
  raw: z.unknown(),
  /** What ingestion stores from it; null when the mapping refused the body (see mappingError). */
  mapped: XDebugMappedSchema.nullable(),
  mappingError: z.string().nullable(),
  durationMs: z.number().int(),
  asOf: z.string(),
});
export type XDebugResponse = z.infer<typeof XDebugResponseSchema>;
