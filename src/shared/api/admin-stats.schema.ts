import { z } from 'zod';
import { RunStatusSchema, SourceStateSchema, SyncSourceSchema } from './sync.schema.ts';

// The system half of GET /api/admin/stats: catalogue, sectors, job runs, sources, database, users.
// Every figure is read at the answer's `asOf` unless it carries its own time (a run's, a source's, a project's).

/** How many runs and updated projects the panel lists. */
export const STATS_RECENT_RUNS = 15;
export const STATS_RECENT_UPDATES = 10;

export const StatsRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  trigger: z.string(),
  status: RunStatusSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** At most 5 of the run's errors, with configured secrets redacted. */
  errors: z.array(z.string()),
});
export type StatsRun = z.infer<typeof StatsRunSchema>;

export const SystemStatsSchema = z.object({
  projectsByCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
  verifiedProjects: z.number().int(),
  /** The last edited or refreshed projects (updated_at), newest first. */
  recentUpdates: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), updatedAt: z.string() })),
  /** Every sector by heat (unscored sectors last). */
  sectorHeat: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nameZh: z.string().nullable(),
      heatScore: z.number().nullable(),
      projectCount: z.number().int(),
    }),
  ),
  /** The newest job-level runs (scheduler, CLI, admin), newest first. */
  recentRuns: z.array(StatsRunSchema),
  /** Runs of any level that recorded errors (a source inside a job included), newest first. */
  failedRuns: z.array(StatsRunSchema),
  sources: z.array(
    z.object({
      source: SyncSourceSchema,
      state: SourceStateSchema,
      lastSuccessAt: z.string().nullable(),
      dataAsOf: z.string().nullable(),
      lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
    }),
  ),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    bytes: z.number().int(),
    source: z.enum(['pg_database_size', 'data_dir']),
  }),
  /** Users by their effective level (shared/membership/level.ts: points level vs a running paid plan) at asOf. */
  usersByLevel: z.object({ free: z.number().int(), premium: z.number().int(), vip: z.number().int() }),
});
export type SystemStats = z.infer<typeof SystemStatsSchema>;
