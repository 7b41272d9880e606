import { z } from 'zod';

// HTTP contract of a project's fundamentals: its funding rounds (GET /api/projects/:id/funding) and its logo address.

export const FundingRoundSchema = z.object({
  /** The round's date (ISO, from the source's unix seconds). */
  date: z.iso.datetime(),
  /** The source's name for the raising entity (may differ from the project's, e.g. "Uniswap Labs"). */
  name: z.string(),
  round: z.string().nullable(),
  /** USD; null when undisclosed. */
  amountUsd: z.number().nullable(),
  valuationUsd: z.number().nullable(),
  leadInvestors: z.array(z.string()),
  otherInvestors: z.array(z.string()),
  /** The announcement the source cites; null when it gives none. */
  sourceUrl: z.string().nullable(),
  /** When we last read this round from the source. */
  asOf: z.iso.datetime(),
});
export type FundingRound = z.infer<typeof FundingRoundSchema>;

export const FundingResponseSchema = z.object({
  projectId: z.string(),
  /** Where the rounds come from (a source key of provenance.sources). */
  source: z.literal('defillama'),
  /** Newest as-of among the rounds; null when there are none. */
  asOf: z.iso.datetime().nullable(),
  /** Newest first. */
  rounds: z.array(FundingRoundSchema),
});
export type FundingResponse = z.infer<typeof FundingResponseSchema>;

export const LogoParamsSchema = z.object({ projectId: z.string().min(1).max(200) });
export const LogoQuerySchema = z.object({ v: z.string().max(64).optional() });

/** Where a project's stored logo is served (our origin); null when none is stored (the page shows the initial). */
export function toServedLogoUrl(projectId: string, etag: string | null | undefined): string | null {
  return etag ? `/api/logos/${encodeURIComponent(projectId)}?v=${encodeURIComponent(etag)}` : null;
}
