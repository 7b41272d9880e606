import { z } from 'zod';
import { PremiumDataLockSchema } from './premium-data.schema.ts';

// HTTP contract of a project's fundamentals: its funding rounds (GET /api/projects/:id/funding; investors and
// valuations are VIP premium data) and its logo address.

export const FundingRoundSchema = z.object({
  /** The round's date (ISO, from the source's unix seconds). */
  date: z.iso.datetime(),
  /** The source's name for the raising entity (may differ from the project's, e.g. "Uniswap Labs"). */
  name: z.string(),
  round: z.string().nullable(),
  /** USD; null when undisclosed. */
  amountUsd: z.number().nullable(),
  /**
   * VIP premium data: who invested and at what valuation. Null when withheld (the response's `locked` says why);
   * inside it, a null valuation means the source discloses none.
   */
  detail: z
    .object({
      valuationUsd: z.number().nullable(),
      leadInvestors: z.array(z.string()),
      otherInvestors: z.array(z.string()),
    })
    .nullable(),
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
  /**
   * When this instance last read the rounds source successfully; null = never: no rounds then means "not fetched
   * yet", while no rounds after a read means "none on record at the source".
   */
  checkedAt: z.iso.datetime().nullable(),
  /** Newest first. */
  rounds: z.array(FundingRoundSchema),
  /** Set when the rounds' `detail` (investors, valuations) is withheld: a level below vip (premium_data). */
  locked: PremiumDataLockSchema.nullable(),
  /**
   * The project's logo: `stored` (served from /api/logos), `not_fetched` (a source names one, not downloaded yet),
   * `failed` (the download failed; it is retried later), `none` (no source gives a logo).
   */
  logo: z.enum(['stored', 'not_fetched', 'failed', 'none']),
});
export type FundingResponse = z.infer<typeof FundingResponseSchema>;

export const LogoParamsSchema = z.object({ projectId: z.string().min(1).max(200) });
export const LogoQuerySchema = z.object({ v: z.string().max(64).optional() });

/** Where a project's stored logo is served (our origin); null when none is stored (the page shows the initial). */
export function toServedLogoUrl(projectId: string, etag: string | null | undefined): string | null {
  return etag ? `/api/logos/${encodeURIComponent(projectId)}?v=${encodeURIComponent(etag)}` : null;
}
