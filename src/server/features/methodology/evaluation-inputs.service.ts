import {
  type CompiledHeatModel,
  compileHeatModel,
  computeModelHeat,
  type HeatModelDefinition,
} from '../../../shared/methodology/models.ts';
import { listDays } from '../../../shared/methodology/panel.ts';
import { type EvaluationPanel, PANEL_SIGNALS, type PanelSignal } from '../../../shared/methodology/types.ts';
import { countEvidence } from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import { groupDailySeries, toDayNumber, toPastDaySignals } from '../heat/past-day-signals.ts';
import {
  type EvaluationProject,
  selectDailySignalValues,
  selectEvaluationProjects,
  selectPublishedHeat,
} from './evaluation-inputs.queries.ts';

const DAY_MS = 86_400_000;
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
  /** Published heat points whose history row (and so its model version) is gone: left out. */
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
  const index = new Map(projects.map((p, i) => [p.id, i]));
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
  let heatWithoutModel = 0;
  for (let start = 0; start < P; start += PAGE) {
    const page = projects.slice(start, start + PAGE);
    const fromId = page[0]?.id as string;
    const toId = page[page.length - 1]?.id as string;
    for (const [id, day, score, model] of await selectPublishedHeat(db, fromId, toId, options.from, options.to)) {
      if (model === null) {
        heatWithoutModel++;
        continue;
      }
      const heat = published.get(model) ?? nanArray(P * D);
      published.set(model, heat);
      heat[(index.get(id) as number) * D + (day - first)] = score;
    }
    const values = await selectDailySignalValues(db, fromId, toId, since, options.to, wanted);
    for (const [id, signal, day, value] of values) {
      const series = bySource.get(signal);
      if (series && day >= first) series[(index.get(id) as number) * D + (day - first)] = value;
    }
    if (replay.length > 0) replayPage(groupDailySeries(values), page, start, first, D, replay, replayed);
    options.onProgress?.(Math.min(P, start + PAGE), P);
  }
  return { days, projects, signals, published, replayed, heatWithoutModel };
}

function replayPage(
  byProject: ReturnType<typeof groupDailySeries>,
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
