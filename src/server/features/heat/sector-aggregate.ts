import {
  type BreakdownEntry,
  computeBreadth,
  computeConcentration,
  computeSectorTrend,
  sectorHeatOfMeans,
} from '../../../shared/scoring/index.ts';
import type { HistoryBreakdown } from '../../db/schema/index.ts';
import { fromHistoryContributions, PROJECT_HISTORY_KEYS, toContributions } from './heat.mappers.ts';
import type { HistoryInsert, SectorHeatUpdate } from './heat.queries.ts';

/** What a recompute keeps per project after scoring it (small on purpose: 100,000 of them live at once). */
export type ScoredProject = {
  id: string;
  category: string;
  /** Heat; null when the project is below the minimum evidence rule (not scored). */
  score: number | null;
  /** Raw heat inputs with data (shared/scoring/evidence.ts). */
  evidence: number;
  /** In PROJECT_HISTORY_KEYS order; null when not scored. */
  contributions: number[] | null;
  /** Social score; null when no social profile was read (never the formula's base alone). */
  social: number | null;
  /** Heat before the status bonus; null when not scored. */
  signal: number | null;
  /** Signal heat now minus 24 h ago; null without a baseline. */
  gain: number | null;
};

const CONTRIBUTIONS = PROJECT_HISTORY_KEYS.length;

/**
 * A sector's members with a heat score, in columns and in the run's project order: what its figures read. `social`
 * and `gain` hold NaN where a member has none; `contributions` holds CONTRIBUTIONS values per member, in
 * PROJECT_HISTORY_KEYS order. Columns, not an object per member: the recompute aggregates 100,000 projects a run.
 */
export class SectorMembers {
  count = 0;
  readonly score: Float64Array;
  readonly social: Float64Array;
  readonly gain: Float64Array;
  readonly contributions: Float64Array;

  /** Room for `capacity` members (a category's projects, scored or not). */
  constructor(capacity: number) {
    this.score = new Float64Array(capacity);
    this.social = new Float64Array(capacity);
    this.gain = new Float64Array(capacity);
    this.contributions = new Float64Array(capacity * CONTRIBUTIONS);
  }

  /** Adds a member: its contributions are `from[offset … offset + CONTRIBUTIONS)`. */
  push(score: number, social: number | null, gain: number | null, from: ArrayLike<number>, offset = 0): void {
    const i = this.count++;
    this.score[i] = score;
    this.social[i] = social ?? Number.NaN;
    this.gain[i] = gain ?? Number.NaN;
    const c = i * CONTRIBUTIONS;
    for (let k = 0; k < CONTRIBUTIONS; k++) this.contributions[c + k] = from[offset + k] as number;
  }

  /** Each member as an object, in order (null for a missing social score or gain): for reading a few back. */
  list(): { score: number; social: number | null; gain: number | null; contributions: number[] }[] {
    return Array.from({ length: this.count }, (_, i) => ({
      score: this.score[i] as number,
      social: orNull(this.social[i] as number),
      gain: orNull(this.gain[i] as number),
      contributions: Array.from(this.contributions.subarray(i * CONTRIBUTIONS, (i + 1) * CONTRIBUTIONS)),
    }));
  }
}

const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** A member with a heat score. */
type Scored = ScoredProject & { score: number; contributions: number[] };

/**
 * Every sector's heat (spec formula over the SCORED projects whose category is its name: mean heat, mean social and
 * the size bonus count only them; the social mean only those with a social score), 24 h change against
 * `previousScores`, trend, breadth, concentration, and its history row. A sector without a scored member has no heat
 * (null) and no history row; one whose scored members have no social score has social null and heat from the heat
 * mean alone. Pure: no I/O.
 */
export function computeSectorResults(
  sectors: readonly { id: string; name: string }[],
  scored: readonly ScoredProject[],
  previousScores: ReadonlyMap<string, number>,
): { updates: SectorHeatUpdate[]; history: HistoryInsert[] } {
  return computeSectorResultsOf(sectors, groupMembers(scored), previousScores);
}

/** The scored projects of each category, in `scored` order: a sector's members by its name. */
export function groupMembers(scored: readonly ScoredProject[]): (name: string) => SectorMembers {
  const byCategory = new Map<string, Scored[]>();
  for (const s of scored) {
    if (s.score === null) continue;
    const list = byCategory.get(s.category);
    if (list) list.push(s as Scored);
    else byCategory.set(s.category, [s as Scored]);
  }
  return (name) => {
    const list = byCategory.get(name) ?? [];
    const members = new SectorMembers(list.length);
    for (const s of list) members.push(s.score, s.social, s.gain, s.contributions);
    return members;
  };
}

/**
 * {@link computeSectorResults} with each sector's scored members given by `membersOf(name)` (in the run's project
 * order), one sector at a time: the recompute keeps its projects in typed arrays, not objects.
 */
export function computeSectorResultsOf(
  sectors: readonly { id: string; name: string }[],
  membersOf: (name: string) => SectorMembers,
  previousScores: ReadonlyMap<string, number>,
): { updates: SectorHeatUpdate[]; history: HistoryInsert[] } {
  const updates: SectorHeatUpdate[] = [];
  const history: HistoryInsert[] = [];
  for (const sector of sectors) {
    const members = membersOf(sector.name);
    const social = meanOf(members.social, members.count);
    const heatMean = meanOf(members.score, members.count);
    if (heatMean === null) {
      updates.push({ ...NO_SCORED_MEMBERS, id: sector.id, social });
      continue;
    }
    const result = sectorHeatOfMeans(members.count, heatMean, social);
    const prev = previousScores.get(sector.id);
    const change24h = prev === undefined ? null : result.score - prev;
    updates.push({
      id: sector.id,
      heat: result.score,
      scoredCount: members.count,
      social,
      change24h,
      trend: computeSectorTrend(change24h),
      breadth: computeBreadth(members.gain.subarray(0, members.count)),
      concentration: computeConcentration(members.score.subarray(0, members.count)),
      breakdown: { entries: result.breakdown, model: result.model },
    });
    history.push({
      id: sector.id,
      score: result.score,
      social,
      signal: null,
      breakdown: toSectorHistoryBreakdown(result.breakdown, meanCategories(members)),
    });
  }
  return { updates, history };
}

/**
 * The mean of the first `count` values that are numbers (NaN: a member without one), summed in order as the spec
 * formula's mean; null when none is.
 */
function meanOf(values: Float64Array, count: number): number | null {
  let sum = 0;
  let known = 0;
  for (let i = 0; i < count; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    sum += v;
    known++;
  }
  return known === 0 ? null : sum / known;
}

/** A sector with no scored member: nothing to average, so no heat, change, trend or shares. */
const NO_SCORED_MEMBERS = {
  heat: null,
  scoredCount: 0,
  change24h: null,
  trend: null,
  breadth: null,
  concentration: null,
  breakdown: null,
} as const;

/**
 * A sector's history breakdown: its own entries, with `projectHeat` split into what each category of its projects
 * adds (`heat.social`, `heat.market`, …, proportional to their mean contributions), so "why it moved" can say which
 * kind of signal moved the sector. The split entries still sum to the sector's score.
 */
function toSectorHistoryBreakdown(
  breakdown: readonly BreakdownEntry[],
  categories: Record<string, number>,
): HistoryBreakdown {
  const contributions = toContributions(breakdown);
  const projectHeat = contributions.projectHeat;
  const meanHeat = Object.values(categories).reduce((a, b) => a + b, 0);
  if (projectHeat !== undefined && meanHeat !== 0) {
    delete contributions.projectHeat;
    for (const [key, value] of Object.entries(categories)) {
      contributions[`heat.${key}`] = (projectHeat * value) / meanHeat;
    }
  }
  return { contributions, categories };
}

/** Mean contribution per PROJECT_HISTORY_KEYS entry over a sector's projects (empty for an empty sector). */
function meanCategories(members: SectorMembers): Record<string, number> {
  if (members.count === 0) return {};
  const sums = new Array<number>(CONTRIBUTIONS).fill(0);
  const values = members.contributions;
  for (let m = 0; m < members.count; m++) {
    const c = m * CONTRIBUTIONS;
    for (let i = 0; i < CONTRIBUTIONS; i++) sums[i] = (sums[i] as number) + (values[c + i] as number);
  }
  return fromHistoryContributions(sums.map((sum) => sum / members.count));
}
