import {
  type BreakdownEntry,
  computeBreadth,
  computeConcentration,
  computeSectorTrend,
  sectorHeat,
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

/** What a sector's figures read of a member with a heat score; contributions in PROJECT_HISTORY_KEYS order. */
export type SectorMember = {
  score: number;
  social: number | null;
  gain: number | null;
  contributions: ArrayLike<number>;
};

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
export function groupMembers(scored: readonly ScoredProject[]): (name: string) => readonly SectorMember[] {
  const members = new Map<string, Scored[]>();
  for (const s of scored) {
    if (s.score === null) continue;
    const list = members.get(s.category);
    if (list) list.push(s as Scored);
    else members.set(s.category, [s as Scored]);
  }
  return (name) => members.get(name) ?? [];
}

/**
 * {@link computeSectorResults} with each sector's scored members given by `membersOf(name)` (in the run's project
 * order), one sector at a time: the full recompute keeps its projects in typed arrays, not objects.
 */
export function computeSectorResultsOf(
  sectors: readonly { id: string; name: string }[],
  membersOf: (name: string) => readonly SectorMember[],
  previousScores: ReadonlyMap<string, number>,
): { updates: SectorHeatUpdate[]; history: HistoryInsert[] } {
  const updates: SectorHeatUpdate[] = [];
  const history: HistoryInsert[] = [];
  for (const sector of sectors) {
    const list = membersOf(sector.name);
    const social = meanSocial(list);
    const result = sectorHeat(list.map((m) => ({ heatScore: m.score, socialScore: m.social })));
    if (result === null) {
      updates.push({ ...NO_SCORED_MEMBERS, id: sector.id, social });
      continue;
    }
    const prev = previousScores.get(sector.id);
    const change24h = prev === undefined ? null : result.score - prev;
    updates.push({
      id: sector.id,
      heat: result.score,
      scoredCount: list.length,
      social,
      change24h,
      trend: computeSectorTrend(change24h),
      breadth: computeBreadth(list.map((m) => m.gain)),
      concentration: computeConcentration(list.map((m) => m.score)),
      breakdown: { entries: result.breakdown, model: result.model },
    });
    history.push({
      id: sector.id,
      score: result.score,
      social,
      signal: null,
      breakdown: toSectorHistoryBreakdown(result.breakdown, meanCategories(list)),
    });
  }
  return { updates, history };
}

/** The mean social score of the members that have one; null when none has (no invented 50). */
function meanSocial(list: readonly SectorMember[]): number | null {
  let sum = 0;
  let known = 0;
  for (const m of list) {
    if (m.social === null) continue;
    sum += m.social;
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
function meanCategories(list: readonly SectorMember[]): Record<string, number> {
  if (list.length === 0) return {};
  const sums = new Array<number>(PROJECT_HISTORY_KEYS.length).fill(0);
  for (const m of list) {
    for (let i = 0; i < sums.length; i++) sums[i] = (sums[i] as number) + (m.contributions[i] as number);
  }
  return fromHistoryContributions(sums.map((sum) => sum / list.length));
}
