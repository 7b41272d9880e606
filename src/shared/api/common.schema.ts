import { z } from 'zod';
import { PROJECT_STATUSES } from './common.values.ts';

export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Text we hold in both languages; either side may be missing (e.g. a project discovered from an English source). */
export const LocalizedTextSchema = z.object({ en: z.string().nullable(), zh: z.string().nullable() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const MetricSourceSchema = z.object({
  source: z.string(),
  asOf: z.string(),
  sample: z.boolean().optional(),
  stale: z.boolean().optional(),
});
export type MetricSource = z.infer<typeof MetricSourceSchema>;

/** The source key of the built-in catalogue's sample figures; shown by its display name, never raw. */
export const SAMPLE_SOURCE = 'catalogue-sample';

/**
 * Why a project is verified (docs/verification.md): 'x' — X reports its official account as an organisation
 * (`by` is the @handle); 'site-review' — an operator checked the catalogue entry against the project's own site
 * (`by` is the operator). `at` is when, as an ISO timestamp.
 */
export const VerificationSchema = z.object({
  method: z.enum(['x', 'site-review']),
  by: z.string(),
  at: z.string(),
  note: z.string().optional(),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const ProjectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const ProjectRefSchema = z.object({ id: z.string(), name: z.string(), heatScore: z.number() });
export type ProjectRef = z.infer<typeof ProjectRefSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

/** Pagination for nested lists (a sector's or platform's projects). */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
