import type { CohortPercentiles } from '../../../shared/api/heat.schema.ts';
import { cohortPercentile, marketCapBand } from '../../../shared/scoring/cohorts.ts';
import { EVIDENCE_SIGNAL_KEYS } from '../../../shared/scoring/evidence.ts';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { type Cohort, selectCohortCounts } from './cohort-percentiles.queries.ts';
import type { ProjectInputs } from './heat.queries.ts';
import { SIGNAL_METRIC_FIELDS } from './signal-fields.ts';

type InputField = Exclude<keyof ProjectInputs, 'id' | 'category' | 'listedAtMs' | 'isVerified' | `stored${string}`>;

/** Each input with data, ranked within the project's sector and its market-cap band (one scan of those projects). */
export async function computeCohortPercentiles(db: Db, inputs: ProjectInputs): Promise<CohortPercentiles> {
  const band = marketCapBand(inputs.marketCap);
  const cohorts: Cohort[] = [{ kind: 'sector', category: inputs.category }];
  if (band) cohorts.push({ kind: 'capBand', from: band.from, to: band.to });
  const values = EVIDENCE_SIGNAL_KEYS.flatMap((key) => {
    const field = SIGNAL_METRIC_FIELDS[key] as InputField;
    const value = inputs[field];
    return typeof value === 'number' && Number.isFinite(value) ? [{ key, column: projects[field], value }] : [];
  });
  const counts = await selectCohortCounts(db, values, cohorts);
  const standing = (c: { peers: number; below: number; equal: number }) => ({
    percentile: cohortPercentile(c.below, c.equal, c.peers),
    peers: c.peers,
  });
  const out: CohortPercentiles['inputs'] = {};
  for (const [key, [sector, capBand]] of counts) {
    if (sector) out[key] = { sector: standing(sector), capBand: capBand ? standing(capBand) : null };
  }
  return { sector: inputs.category, capBand: band, inputs: out };
}
