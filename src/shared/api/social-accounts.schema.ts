import { z } from 'zod';

/** One X API account as the admin sees it: never any secret, only whether each kind is present. */
export const SocialAccountSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Requests counted today (UTC day); 0 after midnight or after enabling. */
  dailyUsage: z.number().int(),
  dailyLimit: z.number().int(),
  lastUsed: z.string().nullable(),
  isActive: z.boolean(),
  disabledReason: z.enum(['rate_limited', 'manual']).nullable(),
  rateLimitedUntil: z.string().nullable(),
  expiresAt: z.string().nullable(),
  hasApiKey: z.boolean(),
  hasBearerToken: z.boolean(),
  createdAt: z.string(),
});
export type SocialAccount = z.infer<typeof SocialAccountSchema>;

export const SocialAccountListResponseSchema = z.object({ items: z.array(SocialAccountSchema) });
export type SocialAccountListResponse = z.infer<typeof SocialAccountListResponseSchema>;

/**
 * A credential goes into an HTTP header, which carries visible ASCII only: an accented letter or an inner space from
 * a careless paste would be stored and then fail every call as a "network" error, so it is refused here. Whitespace
 * around it (a copied line break) is trimmed.
 */
function credential(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7E]+$/, 'admin.accounts.credentialCharacters');
}

/** POST body: a bearer token, or an API key + secret for client credentials. Secrets are write-only. */
export const CreateSocialAccountBodySchema = z.object({
  label: z.string().trim().min(1).max(80),
  bearerToken: credential(4000).optional(),
  apiKey: credential(400).optional(),
  apiSecret: credential(400).optional(),
  dailyLimit: z.number().int().min(1).max(100_000).optional(),
  expiresAt: z.iso.datetime().optional(),
});
export type CreateSocialAccountBody = z.infer<typeof CreateSocialAccountBodySchema>;

/** PATCH body: enable (resets today's usage to 0) or disable manually. */
export const UpdateSocialAccountBodySchema = z.object({ active: z.boolean() });

export const SocialAccountParamsSchema = z.object({ id: z.uuid() });

export const SocialUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(30).default(7) });
export const SocialUsageResponseSchema = z.object({
  items: z.array(
    z.object({
      date: z.string(),
      accountId: z.string(),
      requests: z.number().int(),
      errors: z.number().int(),
      rateLimit: z.number().int(),
    }),
  ),
});
export type SocialUsageResponse = z.infer<typeof SocialUsageResponseSchema>;

/** GET /api/admin/ingestion/categories: DefiLlama categories seen by discovery and the sector each maps to. */
export const CategoryMappingResponseSchema = z.object({
  unmapped: z.number().int(),
  categories: z.array(
    z.object({ category: z.string(), sector: z.string(), mapped: z.boolean(), projectCount: z.number().int() }),
  ),
});
export type CategoryMappingResponse = z.infer<typeof CategoryMappingResponseSchema>;
