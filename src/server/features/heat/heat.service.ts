import type { HistoryRange, HistoryResponse, Move, ProjectHeatResponse } from '../../../shared/api/heat.schema.ts';
import { SIGNAL_METRIC_FIELDS } from '../../../shared/ingestion/signal-fields.ts';
import {
  computeCategoryScores,
  computeContributionDeltas,
  DAY_MS,
  HEAT_MODEL_VERSION,
  heatScore,
  type ProjectStatus,
  SOCIAL_MODEL_VERSION,
  socialScore,
} from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import type { MetricSources } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  fromHistoryContributions,
  fromInputsSnapshot,
  type HeatInputsSnapshot,
  toHeatSignals,
} from './heat.mappers.ts';
import { selectProjectInputs } from './heat.queries.ts';
import {
  selectHistoryPoints,
  selectHistoryRowAtOrBefore,
  selectProjectHeat,
  selectSectorId,
} from './history.queries.ts';

/** Chart resolution per range: ~170, 180 and 90 points. */
const BUCKET_SECONDS: Record<HistoryRange, number> = { '7d': 3_600, '30d': 4 * 3_600, '90d': 86_400 };
const RANGE_DAYS: Record<HistoryRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

/**
 * A project's heat explained. The breakdown is recomputed from the exact inputs stored with the score (deterministic,
 * so it reproduces the stored score); before the first recompute it is a preview from the current signals at `now`,
 * with `computedAt: null`. Throws PROJECT_NOT_FOUND.
 */
export async function getProjectHeat(db: Db, id: string, now: Date): Promise<ProjectHeatResponse> {
  const row = await selectProjectHeat(db, id);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
  const snapshot = row.heatBreakdown as HeatInputsSnapshot | null;
  const stored = snapshot !== null && row.heatModel === HEAT_MODEL_VERSION && row.heatComputedAt !== null;
  let signals: ReturnType<typeof fromInputsSnapshot>;
  if (stored) {
    signals = fromInputsSnapshot(snapshot);
  } else {
    const inputs = await selectProjectInputs(db, id);
    if (!inputs) throw new AppError('PROJECT_NOT_FOUND', { id });
    signals = toHeatSignals(inputs, row.status as ProjectStatus);
  }
  const heat = heatScore(signals, stored ? (row.heatComputedAt as Date) : now);
  const social = socialScore(signals);
  return {
    projectId: row.id,
    score: heat.score,
    socialScore: social.score,
    status: signals.status,
    model: heat.model,
    socialModel: SOCIAL_MODEL_VERSION,
    computedAt: stored ? (row.heatComputedAt as Date).toISOString() : null,
    noData: heat.noData,
    categories: computeCategoryScores(heat.breakdown),
    breakdown: heat.breakdown,
    socialBreakdown: social.breakdown,
    sources: toSignalSources(row.metricSources),
  };
}

function toSignalSources(metricSources: MetricSources): ProjectHeatResponse['sources'] {
  const out: ProjectHeatResponse['sources'] = {};
  for (const [signal, field] of Object.entries(SIGNAL_METRIC_FIELDS)) {
    const source = metricSources[field];
    if (source) out[signal] = { source: source.source, asOf: source.asOf, stale: source.stale };
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
    points: rows.map((r) => ({ at: new Date(r.at_ms).toISOString(), score: r.score, socialScore: r.social_score })),
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
