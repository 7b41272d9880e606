import {
  CODE_MODEL_CHANGELOG,
  type CompiledHeatModel,
  compileHeatModel,
  computeModelHeat,
  type HeatModelDefinition,
} from '../../../shared/methodology/models.ts';
import { listDays } from '../../../shared/methodology/panel.ts';
import { type EvaluationPanel, PANEL_SIGNALS, type PanelSignal } from '../../../shared/methodology/types.ts';
import { countEvidence } from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { type DailySeries, toDayNumber, toPastDaySignals } from '../heat/past-day-signals.ts';
import {
  type EvaluationProject,
  selectDailySignalValues,
  selectEvaluationProjects,
  selectKnownModelIds,
  selectPublishedHeat,
} from './evaluation-inputs.queries.ts';

/** Projects read per page: ~360k heat rows and a few times that in daily values at 90 days. */
const PAGE = 4000;
/** A replayed day reads up to 7 days back (news and page views over 7 days, the 7-day price change). */
const REPLAY_LOOKBACK_DAYS = 7;

/** Each panel series ← the daily_signals signal it is read from. Reddit and daily commits have no daily store yet. */
export const PANEL_SIGNAL_SOURCES: Record<PanelSignal, string> = {
  pageViews: 'pageViews',
  newsCount: 'news',
  redditPosts: 'redditPosts',
  redditAuthors: 'redditAuthors',
  commits: 'commits',
  volumeUsd: 'volume24h',
  priceUsd: 'price',
};
/** What a replayed day's heat inputs are read from (features/heat/past-day-signals.ts). */
const REPLAY_SIGNALS = ['price', 'marketCap', 'volume24h', 'commits52w', 'pageViews', 'news'];

export type ReplayModel = { id: string; definition: HeatModelDefinition };

/** Everything the evaluations of one window read, laid out once and shared by every panel. */
export type EvaluationInputs = {
  days: string[];
  projects: EvaluationProject[];
  signals: Record<PanelSignal, Float32Array>;
  /** Published daily heat per model version that produced it (NaN where another version did, or none). */
  published: Map<string, Float32Array>;
  /** Heat replayed under each requested model from the stored daily inputs. */
  replayed: Map<string, Float32Array>;
  /** Published heat points whose model version is unknown (its history row is gone): left out, counted. */
  heatWithoutModel: number;
};

export type LoadEvaluationOptions = {
  from: string;
  to: string;
  replay?: readonly ReplayModel[];
  onProgress?: (done: number, total: number) => void;
};

const nanArray = (size: number) => new Float32Array(size).fill(Number.NaN);

/**
 * Reads the stored daily series of [from, to] — each project's published heat (by the model version that computed it)
 * and its daily signals — into projects × days arrays (float32: 10⁵ × 90 × 8 series ≈ 300 MB), page by page. With
 * `replay`, also scores each day under those models from that day's stored inputs only (no look-ahead: a day reads
 * itself and the 7 days before). Throws on a malformed day.
 */
export async function loadEvaluationInputs(db: Db, options: LoadEvaluationOptions): Promise<EvaluationInputs> {
  const days = listDays(options.from, options.to);
  const D = days.length;
  const first = toDayNumber(options.from);
  const projects = await selectEvaluationProjects(db);
  const P = projects.length;
  const signals = Object.fromEntries(PANEL_SIGNALS.map((s) => [s, nanArray(P * D)])) as Record<
    PanelSignal,
    Float32Array
  >;
  const bySource = new Map(
    Object.entries(PANEL_SIGNAL_SOURCES).map(([panel, source]) => [source, signals[panel as PanelSignal]]),
  );
  const published = new Map<string, Float32Array>();
  const replay = (options.replay ?? []).map((m) => ({ id: m.id, compiled: compileHeatModel(m.definition) }));
  const replayed = new Map(replay.map((m) => [m.id, nanArray(P * D)]));
  const wanted = [...new Set([...Object.values(PANEL_SIGNAL_SOURCES), ...(replay.length > 0 ? REPLAY_SIGNALS : [])])];
  const since = new Date((first - (replay.length > 0 ? REPLAY_LOOKBACK_DAYS : 0)) * DAY_MS).toISOString().slice(0, 10);
  const models = [...new Set([...(await selectKnownModelIds(db)), ...CODE_MODEL_CHANGELOG.map((c) => c.id)])];
  const seriesOf = wanted.map((signal) => bySource.get(signal));
  let heatWithoutModel = 0;
  // The next page is read while this one is laid out (two connections on PostgreSQL; PGlite runs them in turn).
  const readPage = (start: number) => {
    const ids = projects.slice(start, start + PAGE).map((p) => p.id);
    const read = Promise.all([
      selectPublishedHeat(db, ids, options.from, options.to, models),
      selectDailySignalValues(db, ids, since, options.to, wanted),
    ]);
    read.catch(() => undefined); // awaited below; a failure while the previous page is laid out is not unhandled
    return { ids, read };
  };
  let next = P > 0 ? readPage(0) : undefined;
  for (let start = 0; start < P; start += PAGE) {
    const { ids, read } = next as NonNullable<typeof next>;
    const [heatRows, values] = await read;
    next = start + PAGE < P ? readPage(start + PAGE) : undefined;
    const page = projects.slice(start, start + PAGE);
    for (const [position, day, score, model] of heatRows) {
      const id = model ? models[model - 1] : undefined;
      if (id === undefined) {
        heatWithoutModel++;
        continue;
      }
      const heat = published.get(id) ?? nanArray(P * D);
      published.set(id, heat);
      heat[(start + position) * D + (day - first)] = score;
    }
    for (const [position, signal, day, value] of values) {
      const series = seriesOf[signal];
      if (series && day >= first) series[(start + position) * D + (day - first)] = value;
    }
    if (replay.length > 0) replayPage(toDailySeries(values, ids, wanted), page, start, first, D, replay, replayed);
    options.onProgress?.(Math.min(P, start + PAGE), P);
  }
  return { days, projects, signals, published, replayed, heatWithoutModel };
}

/** Coded value rows → each project's series by signal name and day number (what past-day-signals.ts reads). */
function toDailySeries(
  rows: readonly (readonly [number, number, number, number])[],
  ids: readonly string[],
  signals: readonly string[],
): Map<string, DailySeries> {
  const out = new Map<string, DailySeries>();
  for (const [position, signal, day, value] of rows) {
    const id = ids[position] as string;
    const series = out.get(id) ?? new Map<string, Map<number, number>>();
    out.set(id, series);
    const name = signals[signal] as string;
    const points = series.get(name) ?? new Map<number, number>();
    series.set(name, points);
    points.set(day, value);
  }
  return out;
}

function replayPage(
  byProject: Map<string, DailySeries>,
  page: readonly EvaluationProject[],
  offset: number,
  first: number,
  D: number,
  models: readonly { id: string; compiled: CompiledHeatModel }[],
  out: Map<string, Float32Array>,
): void {
  page.forEach((project, i) => {
    const series = byProject.get(project.id);
    if (!series) return;
    const p = offset + i;
    const listedAt = project.listedAtMs === null ? null : new Date(project.listedAtMs);
    for (let d = 0; d < D; d++) {
      const at = new Date((first + d + 1) * DAY_MS - 1000); // as of the day's end, like a backfilled day
      if (project.listedAtMs !== null && project.listedAtMs > at.getTime()) continue; // not listed yet
      const inputs = toPastDaySignals(series, first + d);
      const signals = { ...inputs, listedAt, status: 'active' as const, verified: project.isVerified };
      const evidence = countEvidence(inputs);
      for (const model of models) {
        const heat = computeModelHeat(model.compiled, signals, evidence, at);
        if (heat !== null) (out.get(model.id) as Float32Array)[p * D + d] = heat;
      }
    }
  });
}

/** The engine's panel of one heat series over the shared inputs; every project carries `modelVersion`. */
export function toPanel(inputs: EvaluationInputs, heat: Float32Array, modelVersion: string): EvaluationPanel {
  return {
    days: inputs.days,
    projects: inputs.projects.map((p) => ({ id: p.id, sectorIds: [p.sectorId], modelVersion })),
    heat,
    signals: inputs.signals,
  };
}
