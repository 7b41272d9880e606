import { type CohortPercentilesResponse, MARKET_CAP_BANDS } from '../../../shared/api/methodology.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  COHORT_INPUTS,
  inCategory,
  inMarketCapBand,
  selectCohortCounts,
  selectProjectInputs,
} from './cohort.queries.ts';

type Counts = Awaited<ReturnType<typeof selectCohortCounts>>['inputs'][number];

/** Mid-rank percentile (ties count half) among the cohort's projects with data; null without a value to place. */
function toStanding(raw: number | null, c: Counts) {
  if (raw === null || c.withData === 0) return null;
  return { percentile: (100 * (c.below + 0.5 * c.equal)) / c.withData, n: c.withData };
}

/** The market-cap band holding `marketCap` (USD), or null without one. */
export function findMarketCapBand(marketCap: number | null) {
  if (marketCap === null || !(marketCap >= 0)) return null;
  return MARKET_CAP_BANDS.find((b) => marketCap >= b.lo && (b.hi === null || marketCap < b.hi)) ?? null;
}

/**
 * Where each of a project's raw heat inputs stands within its sector and within its market-cap band ("followers:
 * 3.0 M, 97th percentile in Layer1"), from the current stored values. Throws PROJECT_NOT_FOUND.
 */
export async function getCohortPercentiles(db: Db, id: string, now: Date): Promise<CohortPercentilesResponse> {
  const project = await selectProjectInputs(db, id);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', { id });
  const band = findMarketCapBand(project.marketCap);
  const sector = await selectCohortCounts(db, inCategory(project.category), project.raws);
  const byBand = band ? await selectCohortCounts(db, inMarketCapBand(band.lo, band.hi), project.raws) : null;
  return {
    projectId: id,
    sector: { id: project.category, projects: sector.size },
    marketCapBand: band && byBand ? { id: band.id, lo: band.lo, hi: band.hi, projects: byBand.size } : null,
    items: COHORT_INPUTS.map(([key], i) => {
      const raw = project.raws[i] ?? null;
      return {
        key,
        raw,
        sector: toStanding(raw, sector.inputs[i] as Counts),
        marketCapBand: byBand ? toStanding(raw, byBand.inputs[i] as Counts) : null,
      };
    }),
    asOf: now.toISOString(),
  };
}
