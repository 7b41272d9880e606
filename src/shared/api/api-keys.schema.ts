import { z } from 'zod';
import { isSafeName, UNSAFE_NAME_MESSAGE } from '../text/unsafe-characters.ts';

/** Every key starts with this; the next API_KEY_ID_LENGTH characters are its public id (its `prefix` with this). */
export const API_KEY_PREFIX = 'hr_live_';
export const API_KEY_ID_LENGTH = 12;
/**
 * Active (unrevoked) keys a user may hold: one per integration and environment is plenty, every key shares the one
 * hourly quota (more keys never mean more calls), and a stolen session cannot mint keys without bound.
 */
export const MAX_ACTIVE_API_KEYS = 10;

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(60).refine(isSafeName, { error: UNSAFE_NAME_MESSAGE }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const ApiKeyParamsSchema = z.object({ id: z.uuid() });

/** A key as lists show it: never the key, only its public prefix. Times are ISO. */
export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** e.g. `hr_live_ab12cd34ef56`: the key's first characters, enough to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** POST /api/me/api-keys (201): the one and only time the full key is sent. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().meta({ description: 'The full key: shown once, never again (only its SHA-256 is stored).' }),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** This hour's API calls of the user (all keys together). */
export const ApiUsageSchema = z.object({
  used: z.number().int(),
  /** 0 when the level has no API access. */
  limit: z.number().int(),
  resetsAt: z.string(),
});

/** GET /api/me/api-keys: newest first, revoked ones included (marked). */
export const ApiKeyListResponseSchema = z.object({
  items: z.array(ApiKeySchema),
  /** Whether the viewer's level includes API access (vip); without it keys can still be listed and revoked. */
  allowed: z.boolean(),
  maxActive: z.number().int(),
  usage: ApiUsageSchema,
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;
