import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  migration: z.string().nullable(),
  projectCount: z.number().int().nullable(),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** Event streams (GET /api/events) open on the instance that answered. */
  realtimeStreams: z.number().int(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** Homepage statistics; a statistic we cannot compute honestly is null, never invented. */
export const StatsResponseSchema = z.object({
  totalProjects: z.number().int(),
  /** Projects with a heat score (enough evidence); heatIndex and trendingToday count only these. */
  scoredProjects: z.number().int(),
  activeSectors: z.number().int(),
  trendingToday: z.number().int(),
  totalUsers: z.number().int(),
  dailyActive: z.number().int().nullable(),
  /** Percent growth of registered users over 7 / 30 days; null when there were no users before the window. */
  weeklyGrowth: z.number().nullable(),
  monthlyGrowth: z.number().nullable(),
  /** Average heat score across the scored projects, 0–100; null with none. */
  heatIndex: z.number().nullable(),
  asOf: z.string(),
});
export type StatsResponse = z.infer<typeof StatsResponseSchema>;

export const PingResponseSchema = z.object({ ok: z.literal(true) });
