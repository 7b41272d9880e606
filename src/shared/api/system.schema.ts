import { z } from 'zod';

/**
 * One PostgreSQL read replica (DATABASE_READ_URL) as the answering instance sees it: ok = serving shared reads;
 * lagging = further behind the primary than DATABASE_READ_MAX_LAG_MS; down = unreachable or failing; not-replica =
 * not in recovery (promoted or another server); starting = not checked yet. Skipped replicas' reads go elsewhere.
 */
export const ReadReplicaHealthSchema = z.object({
  /** replica-1, replica-2… in the configured order; never an address. */
  name: z.string(),
  state: z.enum(['starting', 'ok', 'lagging', 'down', 'not-replica']),
  /** At most this stale at the last check (ms); null when it could not be measured. */
  lagMs: z.number().int().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  /** Statements it has answered since this instance started. */
  reads: z.number().int(),
});

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  migration: z.string().nullable(),
  projectCount: z.number().int().nullable(),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** Event streams (GET /api/events) open on the instance that answered. */
  realtimeStreams: z.number().int(),
  /** Read replicas and their state; empty without DATABASE_READ_URL (and always on PGlite). */
  readReplicas: z.array(ReadReplicaHealthSchema),
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
