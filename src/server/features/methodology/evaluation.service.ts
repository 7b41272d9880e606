import type { EvaluationCellDto, EvaluationQuery, EvaluationResponse } from '../../../shared/api/methodology.schema.ts';
import { hasNoOutcomeData } from '../../../shared/methodology/coverage.ts';
import {
  computeMinDays,
  DEFAULT_CONFIDENCE,
  EVALUATION_HORIZONS,
  TOP_SHARE,
} from '../../../shared/methodology/evaluate.ts';
import type { OutcomeKey } from '../../../shared/methodology/types.ts';
import { toDayNumber, toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import {
  type EvaluationCellRow,
  type EvaluationDayRow,
  type EvaluationFilter,
  selectEvaluationCells,
  selectEvaluationDays,
} from './evaluation.queries.ts';
import { selectPublishedHeatSpan } from './evaluation-inputs.queries.ts';
import { listHeatModels } from './models.service.ts';

const cellKey = (r: EvaluationCellRow | EvaluationDayRow) =>
  `${r.modelVersion}|${r.basis}|${r.outcome}|${r.horizon}|${r.groupKind}|${r.groupId}`;

function toCellDto(row: EvaluationCellRow, daily: EvaluationDayRow[] | undefined): EvaluationCellDto {
  const windowDays = toDayNumber(row.toDay) - toDayNumber(row.fromDay) + 1;
  const noData = hasNoOutcomeData({ ...row, outcome: row.outcome as OutcomeKey }, windowDays);
  const dto: EvaluationCellDto = {
    modelVersion: row.modelVersion,
    basis: row.basis,
    outcome: row.outcome as EvaluationCellDto['outcome'],
    family: row.family as EvaluationCellDto['family'],
    horizon: row.horizon,
    group: { kind: row.groupKind, id: row.groupKind === 'all' ? null : row.groupId },
    from: row.fromDay,
    to: row.toDay,
    correlation: {
      mean: row.correlationMean,
      low: row.correlationLow,
      high: row.correlationHigh,
      days: row.correlationDays,
    },
    hitRate: { mean: row.hitRateMean, low: row.hitRateLow, high: row.hitRateHigh, days: row.hitRateDays },
    hitRateChance: row.hitRateChance,
    blockLength: row.blockLength,
    daysUsed: row.daysUsed,
    daysSkipped: row.daysSkipped,
    daysPending: row.daysPending,
    daysNeeded: row.daysNeeded,
    // Each further day of data makes one more day evaluable, so the rule is met that many days after the window's end —
    // unless the outcome has no stored data at all.
    availableOn: row.daysNeeded > 0 && !noData ? toDayString(toDayNumber(row.toDay) + row.daysNeeded) : null,
    noData,
    projectsMean: row.projectsMean,
    projectsMin: row.projectsMin,
    computedAt: row.computedAt.toISOString(),
  };
  if (daily) dto.daily = daily.map((d) => ({ day: d.day, n: d.n, correlation: d.correlation, hitRate: d.hitRate }));
  return dto;
}

/**
 * The stored evaluation matching `query`, with whether the history is long enough: 'tooShort' names the most days any
 * requested overall cell still needs and the day they will exist (if daily data keeps arriving); 'empty' when nothing
 * was evaluated yet. Daily series only when asked for.
 */
export async function getEvaluation(db: Db, query: EvaluationQuery, now: Date): Promise<EvaluationResponse> {
  const filter: EvaluationFilter = {
    ...(query.model ? { modelVersion: query.model } : {}),
    ...(query.basis ? { basis: query.basis } : {}),
    ...(query.horizon ? { horizon: query.horizon } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(query.group === 'any' ? {} : { groupKind: query.group }),
  };
  const rows = await selectEvaluationCells(db, filter);
  const dailyByCell = new Map<string, EvaluationDayRow[]>();
  if (query.daily) {
    for (const d of await selectEvaluationDays(db, filter)) {
      const list = dailyByCell.get(cellKey(d)) ?? [];
      list.push(d);
      dailyByCell.set(cellKey(d), list);
    }
  }
  const cells = rows.map((r) => toCellDto(r, query.daily ? (dailyByCell.get(cellKey(r)) ?? []) : undefined));
  const overall = cells.filter((c) => c.group.kind === 'all');
  const waiting = overall.filter((c) => c.daysNeeded > 0 && !c.noData);
  const daysNeeded = Math.max(0, ...waiting.map((c) => c.daysNeeded));
  const availableOn =
    waiting
      .map((c) => c.availableOn as string)
      .sort()
      .at(-1) ?? null;
  const horizons = query.horizon ? [query.horizon] : EVALUATION_HORIZONS;
  const models = await listHeatModels(db, now);
  const empty = overall.length === 0 ? await estimateFirstEvaluation(db, horizons) : null;
  return {
    history: {
      status: empty ? 'empty' : waiting.length > 0 ? 'tooShort' : overall.every((c) => c.noData) ? 'noData' : 'ready',
      daysNeeded: empty ? empty.daysNeeded : daysNeeded,
      availableOn: empty ? empty.availableOn : availableOn,
      minDaysByHorizon: Object.fromEntries(horizons.map((h) => [String(h), computeMinDays(h)])),
    },
    computedAt:
      rows
        .map((r) => r.computedAt.toISOString())
        .sort()
        .at(-1) ?? null,
    seed: rows[0]?.seed ?? null,
    resamples: rows[0]?.resamples ?? null,
    confidence: DEFAULT_CONFIDENCE,
    topShare: TOP_SHARE,
    currentModel: models.current,
    cells,
  };
}

/**
 * Before anything is evaluated: with daily heat from day F on, horizon h has L − F − 2h + 2 evaluable days by day L
 * (a window of h days on each side), so the minimum-evidence rule m(h) is met on F + 2h − 2 + m(h). Null without any
 * daily heat (no date can be promised).
 */
async function estimateFirstEvaluation(db: Db, horizons: readonly number[]) {
  const span = await selectPublishedHeatSpan(db);
  const needed = (h: number) => 2 * h - 1 + computeMinDays(h);
  const daysNeeded = Math.max(...horizons.map(needed));
  if (!span.first || !span.last) return { daysNeeded, availableOn: null };
  const first = toDayNumber(span.first);
  const have = toDayNumber(span.last) - first + 1;
  const due = Math.max(...horizons.map((h) => first + 2 * h - 2 + computeMinDays(h)));
  return { daysNeeded: Math.max(0, daysNeeded - have), availableOn: toDayString(due) };
}

const CSV_HEADER = [
  'model_version',
  'basis',
  'outcome',
  'family',
  'horizon_days',
  'group_kind',
  'group_id',
  'from',
  'to',
  'correlation_mean',
  'correlation_low',
  'correlation_high',
  'hit_rate_mean',
  'hit_rate_low',
  'hit_rate_high',
  'hit_rate_chance',
  'days_used',
  'days_needed',
  'available_on',
  'no_data',
  'projects_mean',
  'projects_min',
  'computed_at',
];

/** A CSV field: quoted when it holds a comma, quote or line break; a missing figure is an empty field, never 0. */
const field = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The evaluation's cells as CSV (one row per cell; `?daily=true` adds nothing here: the JSON carries the series). */
export function toEvaluationCsv(response: EvaluationResponse): string {
  const lines = [CSV_HEADER.join(',')];
  for (const c of response.cells) {
    lines.push(
      [
        c.modelVersion,
        c.basis,
        c.outcome,
        c.family,
        c.horizon,
        c.group.kind,
        c.group.id,
        c.from,
        c.to,
        c.correlation.mean,
        c.correlation.low,
        c.correlation.high,
        c.hitRate.mean,
        c.hitRate.low,
        c.hitRate.high,
        c.hitRateChance,
        c.daysUsed,
        c.daysNeeded,
        c.availableOn,
        String(c.noData),
        c.projectsMean,
        c.projectsMin,
        c.computedAt,
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The response-cache key of an evaluation answer (the query without its language, which changes nothing). */
export function evaluationCacheKey(query: Omit<EvaluationQuery, 'lang'>): string {
  return `methodology:evaluation:${JSON.stringify(query)}`;
}
