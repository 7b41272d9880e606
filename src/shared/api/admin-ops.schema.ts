import { z } from 'zod';

/** The steps of moving from the embedded database to PostgreSQL, in order; each is a database.steps.<key> text. */
export const DB_MOVE_STEPS = ['install', 'createDatabase', 'stopServer', 'copy', 'setUrl', 'start'] as const;

/** GET /api/admin/db-setup: which database runs, its migrations, its tables and size. Never a password or URL. */
export const DbSetupResponseSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  /** PostgreSQL: host, port and database name from DATABASE_URL. PGlite: the data directory (null in memory). */
  connection: z.object({
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    database: z.string().nullable(),
    dataDir: z.string().nullable(),
  }),
  migrations: z.object({
    applied: z.array(z.string()),
    available: z.array(z.string()),
    pending: z.array(z.string()),
  }),
  /** Every table of schema public; `estimated`: from pg_class.reltuples (tables above 100,000 rows), else count(*). */
  tables: z.array(z.object({ table: z.string(), rows: z.number().int(), estimated: z.boolean() })),
  /** Bytes: pg_database_size on PostgreSQL and in-memory PGlite, the data directory's files for PGlite on disk. */
  size: z.object({ bytes: z.number().int(), source: z.enum(['pg_database_size', 'data_dir']) }),
  /** Locale keys database.steps.<key>; the command of step "copy" is `npm run db:copy -- --to postgres://…`. */
  moveSteps: z.array(z.enum(DB_MOVE_STEPS)),
  asOf: z.string(),
});
export type DbSetupResponse = z.infer<typeof DbSetupResponseSchema>;

/** POST /api/admin/maintenance/:action. */
export const MAINTENANCE_ACTIONS = ['remove-unnamed', 'recount-sectors', 'vacuum', 'compact-history'] as const;
export const MaintenanceActionSchema = z.enum(MAINTENANCE_ACTIONS);
export type MaintenanceAction = z.infer<typeof MaintenanceActionSchema>;
export const MaintenanceParamsSchema = z.object({ action: MaintenanceActionSchema });

/** What one maintenance run did: its sync_runs id, its counts (action-specific), and when it finished. */
export const MaintenanceResponseSchema = z.object({
  action: MaintenanceActionSchema,
  runId: z.number().int(),
  status: z.enum(['success', 'partial', 'failed', 'skipped', 'cancelled']),
  counts: z.record(z.string(), z.number()),
  errors: z.array(z.string()),
  finishedAt: z.string(),
});
export type MaintenanceResponse = z.infer<typeof MaintenanceResponseSchema>;

/** POST /api/admin/maintenance/refresh (202): the full sync started; follow it on GET /api/sync/status. */
export const RefreshStartedResponseSchema = z.object({ job: z.literal('full-sync'), startedAt: z.string() });
export type RefreshStartedResponse = z.infer<typeof RefreshStartedResponseSchema>;
