import { z } from 'zod';
import { MEMBERSHIP_LEVELS } from '../membership/level.ts';
import { pageOf } from './common.schema.ts';

/** Why points moved: a code, labelled in locales points.reasons.<code> (zh and en). */
export const POINTS_REASONS = [
  'task.daily',
  'task.achievement',
  'ad.watch',
  'share.project',
  'referral.signup',
  'streak.bonus',
  'admin.adjust',
  'points.expired',
  'correction.accepted',
] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

export const PointsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  lang: z.enum(['zh', 'en']).optional(),
});
export type PointsQuery = z.infer<typeof PointsQuerySchema>;

export const PointsEntrySchema = z.object({
  change: z.number().int(),
  reason: z.string(),
  /** The reason in the request's language (the code itself when unknown). */
  reasonLabel: z.string(),
  /** The balance after this entry. */
  total: z.number().int(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof PointsEntrySchema>;

const LevelSchema = z.enum(MEMBERSHIP_LEVELS);

export const PointsResponseSchema = z.object({
  balance: z.number().int(),
  /** The effective level: the higher of the points level and a paid plan still running. */
  level: LevelSchema,
  /** The next level points can reach and how many are missing; null at vip by points. */
  next: z.object({ level: LevelSchema, pointsNeeded: z.number().int() }).nullable(),
  history: pageOf(PointsEntrySchema),
});
export type PointsResponse = z.infer<typeof PointsResponseSchema>;
