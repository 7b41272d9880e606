import { z } from 'zod';
import { MaintenanceActionSchema } from './admin-ops.schema.ts';
import { RunStatusSchema } from './sync.schema.ts';

// GET /api/admin/maintenance/runs: what the operations tab polls while a maintenance action or "refresh all data"
// runs (its sync_runs rows), so the page shows the live state of a run started here, elsewhere or from the CLI.

export const OPERATIONS = [...MaintenanceActionSchema.options, 'refresh'] as const;
export const OperationSchema = z.enum(OPERATIONS);
export type Operation = z.infer<typeof OperationSchema>;

export const OperationRunSchema = z.object({
  id: z.number().int(),
  status: RunStatusSchema,
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  counts: z.record(z.string(), z.number()),
  errors: z.array(z.string()),
});
export type OperationRun = z.infer<typeof OperationRunSchema>;

export const OperationRunsResponseSchema = z.object({
  /**
   * The newest run of each operation (null: never run) and the job it ran as: "refresh" is the full sync or, when
   * newer, the first-start refresh the server runs at start-up (first-start-refresh: market and TVL only).
   */
  items: z.array(z.object({ operation: OperationSchema, job: z.string(), run: OperationRunSchema.nullable() })),
  /** The newest start-up run (trigger 'startup') of each job, by job name; [] before any start-up ran a job. */
  startup: z.array(z.object({ job: z.string(), run: OperationRunSchema })),
  /** The newest full sync's steps so far: one row per source it ran (ingest:<source>), in start order. */
  refreshSteps: z.array(
    z.object({ job: z.string(), status: RunStatusSchema, startedAt: z.string(), errors: z.array(z.string()) }),
  ),
  /** How many sources a full sync runs (the steps' total; a heat recompute follows them). */
  refreshTotalSteps: z.number().int(),
  asOf: z.string(),
});
export type OperationRunsResponse = z.infer<typeof OperationRunsResponseSchema>;
