import { z } from 'zod';
import { PROPOSAL_INPUTS, PROPOSAL_SUM_TOLERANCE, type ProposalWeights } from '../methodology/proposal.ts';
import { OutcomeKeySchema } from './methodology.schema.ts';
import { customRule } from './validation-rules.ts';

// HTTP contract of weight proposals (premium): try your own heat weights, see the ranking they give beside today's,
// which projects move most and why, and their evaluation against the current model on the same history.

const Weight = z.number().finite().min(0).max(1);

/** One weight per heat input: no input missing, none unknown, none negative or NaN, summing to 1. */
export const ProposalWeightsSchema = z
  .strictObject(Object.fromEntries(PROPOSAL_INPUTS.map((key) => [key, Weight])) as Record<string, typeof Weight>)
  .refine((w) => Math.abs(Object.values(w).reduce((a, b) => a + b, 0) - 1) <= PROPOSAL_SUM_TOLERANCE, {
    message: customRule('sumToOne'),
  })
  .transform((w) => w as ProposalWeights);

export const ProposalPreviewBodySchema = z.object({
  weights: ProposalWeightsSchema,
  /** One sector's ranking (a sector name, e.g. "DeFi"); every project when absent. */
  sector: z.string().trim().min(1).max(100).optional(),
});
export type ProposalPreviewBody = z.infer<typeof ProposalPreviewBodySchema>;

const RankedSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  /** Heat under the proposal, and its rank among the projects ranked. */
  heat: z.number(),
  rank: z.number().int(),
  /** Today's stored heat and rank in the same set; null when the project has no heat today. */
  currentHeat: z.number().nullable(),
  currentRank: z.number().int().nullable(),
});

export const ProposalMoverSchema = RankedSchema.extend({
  /** currentRank − rank: positive = up. */
  rankChange: z.number().int(),
  /** The inputs whose weight change moved it most (weight change × scaled value, in points). */
  why: z.array(z.object({ input: z.string(), weightChange: z.number(), points: z.number() })),
});

const SummarySchema = z.object({
  mean: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  days: z.number().int(),
});

/** The proposal and the current model replayed on the same stored daily inputs (7-day horizon, every outcome). */
export const ProposalEvaluationSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  horizon: z.number().int(),
  outcomes: z.array(
    z.object({
      outcome: OutcomeKeySchema,
      proposal: z.object({ correlation: SummarySchema, hitRate: SummarySchema }),
      current: z.object({ correlation: SummarySchema, hitRate: SummarySchema }),
    }),
  ),
});
export type ProposalEvaluation = z.infer<typeof ProposalEvaluationSchema>;

export const ProposalPreviewResponseSchema = z.object({
  sector: z.string().nullable(),
  /** Projects ranked (scored under the proposal). */
  ranked: z.number().int(),
  /** The top of the proposal's ranking. */
  top: z.array(RankedSchema),
  /** The largest rank changes, up and down. */
  movers: z.array(ProposalMoverSchema),
  evaluation: ProposalEvaluationSchema,
  computedAt: z.iso.datetime(),
});
export type ProposalPreviewResponse = z.infer<typeof ProposalPreviewResponseSchema>;

export const ProposalVisibilitySchema = z.enum(['private', 'public']);

export const CreateProposalBodySchema = z.object({
  title: z.string().trim().min(1).max(80),
  weights: ProposalWeightsSchema,
  visibility: ProposalVisibilitySchema,
});
export type CreateProposalBody = z.infer<typeof CreateProposalBodySchema>;

export const ProposalSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  weights: z.record(z.string(), z.number()),
  visibility: ProposalVisibilitySchema,
  mine: z.boolean(),
  /** The candidate model an admin made of it, if any. */
  candidateModel: z.string().nullable(),
  createdAt: z.iso.datetime(),
  evaluation: ProposalEvaluationSchema,
});
export type ProposalDto = z.infer<typeof ProposalSchema>;

export const ProposalListResponseSchema = z.object({ items: z.array(ProposalSchema) });
export const ProposalParamsSchema = z.object({ id: z.uuid() });
export const ProposalToCandidateBodySchema = z.object({
  id: z
    .string()
    .min(2)
    .max(64)
    .regex(/^[a-z0-9][a-z0-9.-]*$/, 'lowercase letters, digits, dots and dashes'),
});
