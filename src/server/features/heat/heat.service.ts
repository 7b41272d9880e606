import type { HistoryRange, HistoryResponse, Move, ProjectHeatResponse } from '../../../shared/api/heat.schema.ts';
import {
  type BreakdownEntry,
  computeCategoryScores,
  computeContributionDeltas,
  computeEvidence,
  countEvidence,
  type HeatSignals,
  heatScore,
  type ProjectStatus,
  SOCIAL_MODEL_VERSION,
  socialScore,
} from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import type { MetricSources } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { getScoringModel } from '../methodology/models.service.ts';
import { computeCohortPercentiles } from './cohort-percentiles.service.ts';
import { computeInputsHash, fromHistoryContributions, toHeatSignals } from './heat.mappers.ts';
import { selectProjectInputs, selectProjectInputsPage } from './heat.queries.ts';
import {
  countHistoryRows,
  selectHistoryPoints,
  selectHistoryRowAtOrBefore,
  selectHistoryRowsPage,
  selectProjectHeat,
  selectSectorId,
} from './history.queries.ts';
import { SIGNAL_METRIC_FIELDS, toSignalSource } from './signal-fields.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { fromHistoryContributions } from './heat.mappers.ts';
export { type DailySeries, toDayNumber, toDayString, toPastDaySignals } from './past-day-signals.ts';
export { toSignalSource } from './signal-fields.ts';

/** Chart resolution per range: ~170, 180, 90 and 365 points (retention keeps one row a day past 30 days). */
const BUCKET_SECONDS: Record<HistoryRange, number> = { '7d': 3_600, '30d': 4 * 3_600, '90d': 86_400, '1y': 86_400 };
const RANGE_DAYS: Record<HistoryRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * A project's heat explained. The breakdown is recomputed from the project's current inputs with the stored status
 * at the stored run's time under the current model version (the registry's): scoring is deterministic, so while the
 * model and the inputs hash match the stored ones it reproduces the stored score exactly. Otherwise it is a preview
 * made `now` under the current model (`computedAt: null`), and `previewReason` says why: no run of this model has
 * scored the project yet (as right after a promotion), or its signals changed since the last run (the next run,
 * within five minutes, stores it). A project below the minimum evidence rule is not scored: `scored: false`, score and
 * status null, and a breakdown whose entries show each input's raw value but contribute nothing. Throws
 * PROJECT_NOT_FOUND.
 */
export async function getProjectHeat(db: Db, id: string, now: Date): Promise<ProjectHeatResponse> {
  const [row, inputs, model] = await Promise.all([
    selectProjectHeat(db, id),
    selectProjectInputs(db, id),
    getScoringModel(db, now),
  ]);
  if (!row || !inputs) throw new AppError('PROJECT_NOT_FOUND', { id });
  // An unscored row has no status; the recompute hashed (and scores) it as 'active', which adds no bonus.
  const signals = toHeatSignals(inputs, row.status ?? 'active');
  const computedAt = row.model === model.version ? row.computedAt : null;
  const previewReason =
    computedAt === null ? 'not-computed' : computeInputsHash(signals) === row.inputsHash ? null : 'inputs-changed';
  const heat = heatScore(signals, previewReason === null ? (computedAt as Date) : now, model);
  const social = socialScore(signals);
  const evidence = computeEvidence(signals, (key) => toSignalSource(key, row.metricSources));
  const cohorts = await computeCohortPercentiles(db, inputs);
  // The model's own evidence rule (and a model that weighs every input present at 0 leaves it unscored, as the
  // recompute does).
  const { scored: _codeRule, ...counts } = evidence;
  const scored = counts.count >= model.minEvidence && !heat.noData;
  return {
    projectId: row.id,
    scored,
    evidence: { ...counts, min: model.minEvidence },
    score: scored ? heat.score : null,
    socialScore: social.score,
    status: scored ? row.status : null,
    model: heat.model,
    socialModel: SOCIAL_MODEL_VERSION,
    computedAt: previewReason === null ? (computedAt as Date).toISOString() : null,
    previewReason,
    noData: heat.noData,
    categories: scored
      ? computeCategoryScores(heat.breakdown)
      : { social: null, market: null, development: null, news: null },
    breakdown: scored ? heat.breakdown : toUnscoredBreakdown(heat.breakdown),
    socialBreakdown: social.breakdown,
    sources: toSignalSources(row.metricSources),
    cohorts,
  };
}

/** One project's heat inputs as the recompute reads them, with its stored heat. */
export type ProjectSignals = {
  id: string;
  category: string;
  signals: HeatSignals;
  evidence: number;
  storedHeat: number | null;
};

/** Every project's (or one sector's) heat inputs, read page by page as the recompute reads them. */
export async function listProjectSignals(db: Db, category?: string): Promise<ProjectSignals[]> {
  const PAGE = 5_000;
  const out: ProjectSignals[] = [];
  for (let after = ''; ; ) {
    // One sector's projects are selected in SQL: a sector's preview does not read the whole catalogue.
    const page = await selectProjectInputsPage(db, after, PAGE, category);
    for (const p of page) {
      const signals = toHeatSignals(p, (p.storedStatus ?? 'active') as ProjectStatus);
      out.push({ id: p.id, category: p.category, signals, evidence: countEvidence(signals), storedHeat: p.storedHeat });
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last) return out;
    after = last.id;
  }
}

/** An unscored project's components: raw values and "no data" flags kept, no weight and no contribution. */
function toUnscoredBreakdown(breakdown: readonly BreakdownEntry[]): BreakdownEntry[] {
  return breakdown
    .filter((e) => e.category !== 'base' && e.category !== 'adjustment')
    .map((e) => ({ ...e, effectiveWeight: 0, contribution: 0 }));
}

function toSignalSources(metricSources: MetricSources): ProjectHeatResponse['sources'] {
  const out: ProjectHeatResponse['sources'] = {};
  for (const [signal, field] of Object.entries(SIGNAL_METRIC_FIELDS)) {
    const source = metricSources[field];
    if (source) out[signal] = { source: source.source, asOf: source.asOf, stale: source.stale, sample: source.sample };
  }
  return out;
}

/** A project's heat over a range (downsampled) and why it moved over 24 h and 7 d. Throws PROJECT_NOT_FOUND. */
export async function getProjectHistory(db: Db, id: string, range: HistoryRange, now: Date): Promise<HistoryResponse> {
  if (!(await selectProjectHeat(db, id))) throw new AppError('PROJECT_NOT_FOUND', { id });
  return buildHistory(db, 'project', id, range, now);
}

/** A sector's heat over a range (downsampled) and why it moved over 24 h and 7 d. Throws SECTOR_NOT_FOUND. */
export async function getSectorHistory(db: Db, id: string, range: HistoryRange, now: Date): Promise<HistoryResponse> {
  const sectorId = await selectSectorId(db, id);
  if (!sectorId) throw new AppError('SECTOR_NOT_FOUND', { id });
  return buildHistory(db, 'sector', sectorId, range, now);
}

async function buildHistory(
  db: Db,
  entityType: 'project' | 'sector',
  id: string,
  range: HistoryRange,
  now: Date,
): Promise<HistoryResponse> {
  const bucketSeconds = BUCKET_SECONDS[range];
  const since = new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
  const rows = await selectHistoryPoints(db, entityType, id, since, bucketSeconds);
  const latest = await selectHistoryRowAtOrBefore(db, entityType, id);
  let day: Move | null = null;
  let week: Move | null = null;
  if (latest) {
    const latestAt = latest.computedAt.getTime();
    const [dayAgo, weekAgo] = await Promise.all([
      selectHistoryRowAtOrBefore(db, entityType, id, new Date(latestAt - DAY_MS)),
      selectHistoryRowAtOrBefore(db, entityType, id, new Date(latestAt - 7 * DAY_MS)),
    ]);
    day = toMove(latest, dayAgo);
    week = toMove(latest, weekAgo);
  }
  return {
    id,
    range,
    bucketSeconds,
    points: rows.map((r) => ({
      at: new Date(r.at_ms).toISOString(),
      score: r.score,
      socialScore: r.social_score,
      backfilled: r.backfilled,
    })),
    moves: { day, week },
  };
}

type HistoryRow = NonNullable<Awaited<ReturnType<typeof selectHistoryRowAtOrBefore>>>;

function contributionsOf(row: HistoryRow): Record<string, number> {
  if (row.contributions) return fromHistoryContributions(row.contributions);
  return row.breakdown?.contributions ?? {};
}

function toMove(current: HistoryRow, previous: HistoryRow | undefined): Move | null {
  if (!previous) return null;
  return {
    since: previous.computedAt.toISOString(),
    change: current.score - previous.score,
    components: computeContributionDeltas(contributionsOf(current), contributionsOf(previous)).filter(
      (d) => d.delta !== 0,
    ),
  };
}

export type HistoryExportRow = {
  at: Date;
  score: number;
  socialScore: number | null;
  backfilled: boolean;
  model: string;
};

/**
 * A project's stored heat history in [from, to), every row (not downsampled), oldest first, read lazily in keyset pages
 * of `pageSize` (exports); at most `limit` rows (null: all). Throws PROJECT_NOT_FOUND.
 */
export async function readProjectHistory(
  db: Db,
  id: string,
  range: { from: Date; to: Date },
  limit: number | null,
  pageSize = 1000,
): Promise<{ total: number; rows: AsyncIterable<HistoryExportRow> }> {
  if (!(await selectProjectHeat(db, id))) throw new AppError('PROJECT_NOT_FOUND', { id });
  const total = await countHistoryRows(db, id, range);
  async function* rows(): AsyncIterable<HistoryExportRow> {
    let after: string | null = null;
    let left = limit ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const page = await selectHistoryRowsPage(db, id, range, after, Math.min(pageSize, left));
      for (const row of page) {
        yield {
          at: row.computedAt,
          score: row.score,
          socialScore: row.socialScore,
          backfilled: row.backfilled,
          model: row.model,
        };
      }
      left -= page.length;
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      after = last.cursor;
    }
  }
  return { total, rows: rows() };
}

/** The response-cache key of a project's heat breakdown. */
export function projectHeatCacheKey(id: string): string {
  return `heat:${id}`;
}

/** The response-cache key of a project's heat history: the web's and the public API's share it. */
export function projectHistoryCacheKey(id: string, range: HistoryRange): string {
  return `heat-history:project:${id}:${range}`;
}

/** The response-cache key of a sector's heat history (the id is matched case-insensitively). */
export function sectorHistoryCacheKey(id: string, range: HistoryRange): string {
  return `heat-history:sector:${id.toLowerCase()}:${range}`;
}
