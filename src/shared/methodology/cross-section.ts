import { computePanelGroups, distributeToGroups, type PanelGroups } from './groups.ts';
import {
  computeAbsLogReturn,
  createFlowPrefix,
  type FlowPrefix,
  fillFlowPrefix,
  MIN_WINDOW_COVERAGE,
  transposeToDayMajor,
} from './outcomes.ts';
import { assignTieGroups, computeTopShare, createSortScratch, type SortScratch, sortIndicesByValue } from './rank.ts';
import type { EvaluationPanel, OutcomeDefinition } from './types.ts';

/**
 * Per-evaluation buffers, allocated once and reused by every cross-section: at 10⁵ projects × 90 days the panel is
 * walked ~2,000 times, so nothing inside that loop allocates per project.
 */
export type Workspace = {
  P: number;
  D: number;
  groups: PanelGroups;
  /** Heat, day-major (d * P + p), NaN = missing. */
  heatByDay: Float64Array;
  /** Per day, the projects with heat in ascending heat order (d * P + i), and how many there are. */
  heatOrder: Uint32Array;
  heatCount: Uint32Array;
  /** Per day, the same order split by group (d * slots + slotStart[g] + i), and each group's count (d * G + g). */
  groupHeatOrder: Uint32Array;
  groupHeatCount: Uint32Array;
  /** The heat values in those orders, so ties are found by reading memory in order. */
  heatSorted: Float64Array;
  groupHeatSorted: Float64Array;
  /** Per project: 1 when today's change is known (and heat is). */
  known: Uint8Array;
  /** Today's cross-section (heat and change known), ascending by heat, with the heat values alongside. */
  allByHeat: Uint32Array;
  allHeat: Float64Array;
  heatSlotValues: Float64Array;
  prefix: FlowPrefix;
  pricesByDay: Float64Array;
  change: Float64Array;
  changeOrder: Uint32Array;
  heatSlots: Uint32Array;
  changeSlots: Uint32Array;
  changeLength: Uint32Array;
  sort: SortScratch;
  /** Per project p: the positions [start, end) of its tie group in today's change order (2p, 2p + 1). */
  changeTies: Uint32Array;
};

/**
 * Per group and day (g * D + d): n (0 = not evaluable at this horizon, −1 = too few projects), Spearman ρ (NaN when
 * a side has no spread) and the hit rate.
 */
export type DailyTable = { n: Int32Array; correlation: Float64Array; hitRate: Float64Array };

/** Buffers for `panel`, with heat ranked once per day (each cross-section then filters that order). */
export function createWorkspace(panel: EvaluationPanel): Workspace {
  const P = panel.projects.length;
  const D = panel.days.length;
  const groups = computePanelGroups(panel.projects);
  const sort = createSortScratch(P);
  const heatByDay = transposeToDayMajor(panel.heat, P, D, new Float64Array(P * D));
  const heatOrder = new Uint32Array(P * D);
  const heatCount = new Uint32Array(D);
  const G = groups.groups.length;
  const groupHeatOrder = new Uint32Array(groups.slots * D);
  const groupHeatCount = new Uint32Array(G * D);
  const heatSorted = new Float64Array(P * D);
  const groupHeatSorted = new Float64Array(groups.slots * D);
  for (let d = 0; d < D; d++) {
    const order = heatOrder.subarray(d * P, (d + 1) * P);
    const heat = heatByDay.subarray(d * P, (d + 1) * P);
    let n = 0;
    for (let p = 0; p < P; p++) if (!Number.isNaN(heat[p] as number)) order[n++] = p;
    sortIndicesByValue(order, n, heat, sort);
    heatCount[d] = n;
    for (let i = 0; i < n; i++) heatSorted[d * P + i] = heat[order[i] as number] as number;
    const slots = groupHeatOrder.subarray(d * groups.slots, (d + 1) * groups.slots);
    distributeToGroups(order, n, groups, slots, groupHeatCount.subarray(d * G, (d + 1) * G));
    for (let k = 0; k < groups.slots; k++) groupHeatSorted[d * groups.slots + k] = heat[slots[k] as number] as number;
  }
  return {
    P,
    D,
    groups,
    heatByDay,
    heatOrder,
    heatCount,
    groupHeatOrder,
    groupHeatCount,
    heatSorted,
    groupHeatSorted,
    known: new Uint8Array(P),
    allByHeat: new Uint32Array(P),
    allHeat: new Float64Array(P),
    heatSlotValues: new Float64Array(groups.slots),
    prefix: createFlowPrefix(P, D),
    pricesByDay: new Float64Array(P * D),
    change: new Float64Array(P),
    changeOrder: new Uint32Array(P),
    heatSlots: new Uint32Array(groups.slots),
    changeSlots: new Uint32Array(groups.slots),
    changeLength: new Uint32Array(groups.groups.length),
    sort,
    changeTies: new Uint32Array(2 * P),
  };
}

/**
 * Loads an outcome's series into the workspace (prefix sums for flows, day-major prices). An absent series is
 * missing everywhere: its days are evaluated with nobody in them, so they are counted as skipped.
 */
export function loadOutcome(panel: EvaluationPanel, w: Workspace, outcome: OutcomeDefinition): void {
  const series = panel.signals[outcome.signal];
  if (outcome.change === 'growth') {
    if (series) fillFlowPrefix(w.prefix, series);
    else w.prefix.seen.fill(0);
  } else if (series) transposeToDayMajor(series, w.P, w.D, w.pricesByDay);
  else w.pricesByDay.fill(Number.NaN);
}

/**
 * Every day's cross-section for one loaded outcome and horizon `h`, in every group: Spearman ρ between heat at t
 * and the outcome's change over (t, t+h], and the share of the top `topShare` by heat in the top `topShare` of the
 * change. Only projects with both are counted.
 */
export function evaluateCrossSections(
  w: Workspace,
  outcome: OutcomeDefinition,
  h: number,
  minProjects: number,
  topShare: number,
): DailyTable {
  const { P, D, change } = w;
  const G = w.groups.groups.length;
  const table: DailyTable = {
    n: new Int32Array(G * D),
    correlation: new Float64Array(G * D).fill(Number.NaN),
    hitRate: new Float64Array(G * D).fill(Number.NaN),
  };
  const growth = outcome.change === 'growth';
  const minSeen = Math.max(1, Math.ceil(h * MIN_WINDOW_COVERAGE));
  for (let t = growth ? h - 1 : 0; t + h <= D - 1; t++) {
    const heat = w.heatByDay.subarray(t * P, (t + 1) * P);
    if (growth) fillGrowthColumn(w, heat, t, h, minSeen);
    else for (let p = 0; p < P; p++) change[p] = computeAbsLogReturn(w.pricesByDay, P, D, p, t, h);
    recordCrossSection(w, table, t, minProjects, topShare);
  }
  return table;
}

/**
 * One day's cross-section in every group of a one-day workspace (heat of that day) from changes computed elsewhere
 * (`change[p]`, NaN = unknown): the incremental evaluation sums the windows in the database. The same code as
 * {@link evaluateCrossSections} from the change on, so equal changes give equal figures.
 */
export function evaluateGivenChange(
  w: Workspace,
  change: ArrayLike<number>,
  minProjects: number,
  topShare: number,
): DailyTable {
  if (w.D !== 1) throw new Error(`A given change is one day's, not ${w.D} days'`);
  const G = w.groups.groups.length;
  const table: DailyTable = {
    n: new Int32Array(G),
    correlation: new Float64Array(G).fill(Number.NaN),
    hitRate: new Float64Array(G).fill(Number.NaN),
  };
  for (let p = 0; p < w.P; p++) w.change[p] = change[p] as number;
  recordCrossSection(w, table, 0, minProjects, topShare);
  return table;
}

/** Day t's figures in every group from `w.change` (filled for the day; reset here where heat is missing). */
function recordCrossSection(w: Workspace, table: DailyTable, t: number, minProjects: number, topShare: number): void {
  const { P, D, change, changeOrder, sort } = w;
  const G = w.groups.groups.length;
  const heat = w.heatByDay.subarray(t * P, (t + 1) * P);
  let valid = 0;
  const known = w.known;
  for (let p = 0; p < P; p++) {
    if (Number.isNaN(heat[p] as number)) change[p] = Number.NaN;
    const ok = !Number.isNaN(change[p] as number);
    known[p] = ok ? 1 : 0;
    if (ok) changeOrder[valid++] = p;
  }
  sortIndicesByValue(changeOrder, valid, change, sort);
  // `all`: today's heat order without the projects lacking the change; the change order as sorted.
  const order = w.heatOrder.subarray(t * P, (t + 1) * P);
  const sorted = w.heatSorted.subarray(t * P, (t + 1) * P);
  const m0 = keepKnown(order, sorted, w.heatCount[t] as number, known, w.allByHeat, w.allHeat, 0);
  recordDay(table, 0, D, t, m0, minProjects, w, w.allByHeat, w.allHeat, changeOrder, topShare);
  // Other groups: their own heat order of the day, filtered the same way; the change order split by group.
  distributeToGroups(changeOrder, valid, w.groups, w.changeSlots, w.changeLength);
  const daySlots = t * w.groups.slots;
  for (let g = 1; g < G; g++) {
    if (w.groups.sameAsAll[g]) {
      table.n[g * D + t] = table.n[t] as number;
      table.correlation[g * D + t] = table.correlation[t] as number;
      table.hitRate[g * D + t] = table.hitRate[t] as number;
      continue;
    }
    const start = w.groups.slotStart[g] as number;
    const end = daySlots + start + (w.groups.size[g] as number);
    const dayOrder = w.groupHeatOrder.subarray(daySlots + start, end);
    const daySorted = w.groupHeatSorted.subarray(daySlots + start, end);
    const n = w.groupHeatCount[t * G + g] as number;
    const m = keepKnown(dayOrder, daySorted, n, known, w.heatSlots, w.heatSlotValues, start);
    const byHeat = w.heatSlots.subarray(start, start + m);
    const heatValues = w.heatSlotValues.subarray(start, start + m);
    const byChange = w.changeSlots.subarray(start, start + m);
    recordDay(table, g, D, t, m, minProjects, w, byHeat, heatValues, byChange, topShare);
  }
}

/**
 * Every project's flow growth for day t into `w.change` (the loop of {@link computeFlowGrowth} over one day-major
 * row, kept in step with it by the tests; inlined because it runs ~2,000 times over the whole panel).
 */
function fillGrowthColumn(w: Workspace, heat: Float64Array, t: number, h: number, minSeen: number): void {
  const { P, change } = w;
  const { sum, seen } = w.prefix;
  const first = (t - h + 1) * P;
  const middle = (t + 1) * P;
  const last = (t + h + 1) * P;
  for (let p = 0; p < P; p++) {
    if (Number.isNaN(heat[p] as number)) continue;
    const seenBefore = (seen[middle + p] as number) - (seen[first + p] as number);
    const seenAfter = (seen[last + p] as number) - (seen[middle + p] as number);
    if (seenBefore < minSeen || seenAfter < minSeen) {
      change[p] = Number.NaN;
      continue;
    }
    const before = ((sum[middle + p] as number) - (sum[first + p] as number)) / seenBefore;
    const after = ((sum[last + p] as number) - (sum[middle + p] as number)) / seenAfter;
    const total = after + before;
    change[p] = total > 0 ? (after - before) / total : 0;
  }
}

/**
 * Copies the projects of `order[0..n)` whose change is known, and their heat values (`sorted`, aligned with `order`),
 * into `outIdx` and `outValues` from `at`; returns how many.
 */
function keepKnown(
  order: Uint32Array,
  sorted: Float64Array,
  n: number,
  known: Uint8Array,
  outIdx: Uint32Array,
  outValues: Float64Array,
  at: number,
): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const p = order[i] as number;
    if (known[p] === 0) continue;
    outIdx[at + m] = p;
    outValues[at + m] = sorted[i] as number;
    m++;
  }
  return m;
}

/**
 * Group `g`'s figures for day `t` from its `m` projects in heat order (with their heat values) and in change order
 * (−1 when too few).
 */
function recordDay(
  table: DailyTable,
  g: number,
  D: number,
  t: number,
  m: number,
  minProjects: number,
  w: Workspace,
  byHeat: Uint32Array,
  heatValues: Float64Array,
  byChange: Uint32Array,
  topShare: number,
): void {
  const at = g * D + t;
  if (m < minProjects) {
    table.n[at] = -1;
    return;
  }
  table.n[at] = m;
  const top = m * topShare;
  const ties = w.changeTies;
  assignTieGroups(byChange, m, w.change, ties);
  // Pearson on average ranks (both sets have mean (m + 1) / 2 exactly). Heat ranks come from walking the heat order;
  // only the change's tie group is looked up by project.
  const centre = (m + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  let hits = 0;
  let start = 0;
  while (start < m) {
    const v = heatValues[start] as number;
    let end = start + 1;
    while (end < m && heatValues[end] === v) end++;
    const x = (start + end + 1) / 2 - centre;
    const share = computeTopShare(top, m - end, end - start);
    for (let i = start; i < end; i++) {
      const p = byHeat[i] as number;
      const from = ties[2 * p] as number;
      const to = ties[2 * p + 1] as number;
      const y = (from + to + 1) / 2 - centre;
      sxy += x * y;
      sxx += x * x;
      syy += y * y;
      if (share > 0) hits += share * computeTopShare(top, m - to, to - from);
    }
    start = end;
  }
  table.correlation[at] = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
  table.hitRate[at] = hits / top;
}
