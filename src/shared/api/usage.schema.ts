import { z } from 'zod';
import { MEMBERSHIP_LEVELS, QUOTAS } from '../membership/level.ts';

const LevelSchema = z.enum(MEMBERSHIP_LEVELS);

export const QuotaUsageSchema = z.object({
  quota: z.enum(QUOTAS),
  /** day: resets at the zone's midnight; hour: at the next UTC hour; concurrent: a count of active items. */
  window: z.enum(['day', 'hour', 'concurrent']),
  used: z.number().int(),
  /** -1 = unlimited, 0 = not included at this level. */
  limit: z.number().int(),
  /** ISO; null for concurrent quotas. */
  resetsAt: z.string().nullable(),
});
export type QuotaUsage = z.infer<typeof QuotaUsageSchema>;

/** GET /api/me/usage: the viewer's level and quotas (a visitor: the free limits, counted by IP). */
export const UsageResponseSchema = z.object({
  signedIn: z.boolean(),
  /** The level checks use (test mode's preview when on). */
  level: LevelSchema,
  actualLevel: LevelSchema,
  testLevel: LevelSchema.nullable(),
  /** The paid plan's end, when one is stored (ISO), else null. */
  membershipExpiresAt: z.string().nullable(),
  points: z.number().int(),
  next: z.object({ level: LevelSchema, pointsNeeded: z.number().int() }).nullable(),
  zoneLabel: z.string(),
  quotas: z.array(QuotaUsageSchema),
});
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

/** PUT /api/me/test-mode: preview a level in this session only (admins; anyone in development). null = off. */
export const TestModeBodySchema = z.object({ level: LevelSchema.nullable() });
export const TestModeResponseSchema = z.object({ testLevel: LevelSchema.nullable(), actualLevel: LevelSchema });
