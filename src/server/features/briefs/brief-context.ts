import { ANCHORS, HEATRANK_SOURCE } from '../../../shared/analysis/facts.ts';
import type { AnalysisFact, BriefInputs } from '../../../shared/api/analysis.schema.ts';
import { SAMPLE_SOURCE } from '../../../shared/api/common.schema.ts';
import type { DataStateResponse } from '../../../shared/api/data-state.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { selectProjectContext } from './brief-context.queries.ts';

// What a brief adds to the analysis before it is written: the age and kind of its inputs, and for a project what the
// breakdown table does not show (its sector's median, its own 30-day range). Each is a fact, so the brief cites it.

/** The range a project's heat is placed in. */
export const RANGE_DAYS = 30;

/** The brief's inputs from the instance's data state (the footer's and /status's "live / stale / sample" fact). */
export function briefInputsOf(state: Pick<DataStateResponse, 'figures' | 'figuresAsOf'>, now: Date): BriefInputs {
  const asOf = state.figuresAsOf;
  const ageDays = asOf === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(asOf)) / DAY_MS));
  return { kind: state.figures, asOf, ageDays };
}

/** The inputs' age as a fact (sample or stale only: "live" needs no number), sourced like the figures. */
export function inputFacts(inputs: BriefInputs): AnalysisFact[] {
  if (inputs.ageDays === null || (inputs.kind !== 'sample' && inputs.kind !== 'stale')) return [];
  const source = inputs.kind === 'sample' ? SAMPLE_SOURCE : 'coingecko';
  return [{ key: 'inputs.ageDays', value: inputs.ageDays, unit: 'days', source, asOf: inputs.asOf, anchor: null }];
}

/** The project's sector median and 30-day range as facts (none where there is nothing to state). */
export async function projectContextFacts(db: Db, projectId: string, now: Date): Promise<AnalysisFact[]> {
  const row = await selectProjectContext(db, projectId, new Date(now.getTime() - RANGE_DAYS * DAY_MS));
  const at = now.toISOString();
  const fact = (key: string, value: number, unit: AnalysisFact['unit']): AnalysisFact => ({
    key,
    value,
    unit,
    source: HEATRANK_SOURCE,
    asOf: at,
    anchor: ANCHORS.scores,
  });
  const facts: AnalysisFact[] = [];
  if (row.sector_median !== null && row.sector_projects > 0) {
    facts.push(fact('context.sectorMedian', row.sector_median, 'points'));
    facts.push(fact('context.sectorProjects', row.sector_projects, 'count'));
  }
  facts.push(fact('context.range30d.days', row.days, 'days'));
  if (row.low !== null && row.high !== null && row.days >= 2) {
    facts.push(fact('context.range30d.low', row.low, 'points'));
    facts.push(fact('context.range30d.high', row.high, 'points'));
  }
  return facts;
}
