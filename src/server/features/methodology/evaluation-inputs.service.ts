import {
  CODE_MODEL_CHANGELOG,
  compileHeatModel,
  type HeatModelDefinition,
} from '../../../shared/methodology/models.ts';
import { listDays } from '../../../shared/methodology/panel.ts';
import { computeReplayHeat, type ReplayBasis } from '../../../shared/methodology/replay.ts';
import { type EvaluationPanel, PANEL_SIGNALS, type PanelSignal } from '../../../shared/methodology/types.ts';
import { toDayNumber, toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import {
  type EvaluationProject,
  selectEvaluationProjects,
  selectKnownModelIds,
  streamDailySignalValues,
  streamPublishedHeat,
} from './evaluation-inputs.queries.ts';
import {
  computeReplayBasis,
  createReplayDailyValues,
  REPLAY_LOOKBACK_DAYS,
  REPLAY_SIGNALS,
  type ReplaySignal,
} from './evaluation-replay.ts';

/** Each panel series ← the daily_signals signal it is read from (Reddit and commits: written by their ingestion runs). */
export const PANEL_SIGNAL_SOURCES: Record<PanelSignal, string> = {
  pageViews: 'pageViews',
  newsCount: 'news',
  redditPosts: 'redditPosts',
  redditAuthors: 'redditAuthors',
  commits: 'commits',
  volumeUsd: 'volume24h',
  priceUsd: 'price',
};

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
  /** With `keepBasis`: the replayed days' inputs, for scoring more models later (computeReplayHeat). */
  basis: ReplayBasis | null;
  /** Published heat points whose model version is unknown (its history row is gone): left out, counted. */
  heatWithoutModel: number;
};

export type LoadEvaluationOptions = {
  from: string;
  to: string;
  replay?: readonly ReplayModel[];
  /** Keep the replay basis in the result (read the replay inputs even with no model to replay). */
  keepBasis?: boolean;
  /** Skip published heat (a proposal compares replayed heat only). */
  skipPublished?: boolean;
  /** Steps done of 3: projects and heat read, daily values read, heat replayed. */
  onProgress?: (done: number, total: number) => void;
};

const nanArray = (size: number) => new Float32Array(size).fill(Number.NaN);

/**
 * Reads the stored daily series of [from, to] — each project's published heat (by the model version that computed it)
 * and its daily signals — into projects × days arrays (float32: 10⁵ × 90 × 8 series ≈ 300 MB), one streamed query per
 * table in one repeatable-read snapshot. With `replay`, also scores each day under those models from that day's stored
 * inputs only (no look-ahead: a day reads itself and the 7 days before; float64 inputs of 6 signals, ≈ 470 MB more
 * at 10⁵ × 97 days while they are laid out). Throws on a malformed day.
 */
export async function loadEvaluationInputs(db: Db, options: LoadEvaluationOptions): Promise<EvaluationInputs> {
  // One snapshot: the rows' project positions are computed against the same projects as the list read first.
  return db.transaction((tx) => readInputs(tx as unknown as Db, options), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readInputs(db: Db, options: LoadEvaluationOptions): Promise<EvaluationInputs> {
  const days = listDays(options.from, options.to);
  const D = days.length;
  const first = toDayNumber(options.from);
  const projects = await selectEvaluationProjects(db);
  const P = projects.length;
  const signals = Object.fromEntries(PANEL_SIGNALS.map((s) => [s, nanArray(P * D)])) as Record<
    PanelSignal,
    Float32Array
  >;
  const published = new Map<string, Float32Array>();
  const replay = (options.replay ?? []).map((m) => ({ id: m.id, compiled: compileHeatModel(m.definition) }));
  const replaying = replay.length > 0 || options.keepBasis === true;
  const daily = replaying ? createReplayDailyValues(P, D) : null;
  const wanted = [...new Set([...Object.values(PANEL_SIGNAL_SOURCES), ...(replaying ? REPLAY_SIGNALS : [])])];
  const since = toDayString(first - (replaying ? REPLAY_LOOKBACK_DAYS : 0));
  const models = [...new Set([...(await selectKnownModelIds(db)), ...CODE_MODEL_CHANGELOG.map((c) => c.id)])];
  let heatWithoutModel = 0;
  if (!options.skipPublished) {
    const byModel = models.map(() => null as Float32Array | null);
    await streamPublishedHeat(db, { from: options.from, to: options.to }, models, ({ columns, rows }) => {
      const [position, day, score, model] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
      for (let i = 0; i < rows; i++) {
        const m = model[i] as number; // 0 or NaN: the version is unknown
        if (!(m > 0)) {
          heatWithoutModel++;
          continue;
        }
        let heat = byModel[m - 1];
        if (!heat) {
          heat = nanArray(P * D);
          byModel[m - 1] = heat;
          published.set(models[m - 1] as string, heat);
        }
        heat[(position[i] as number) * D + (day[i] as number) - first] = score[i] as number;
      }
    });
  }
  options.onProgress?.(1, 3);
  const panelOf = wanted.map((signal) => {
    const key = PANEL_SIGNALS.find((k) => PANEL_SIGNAL_SOURCES[k] === signal);
    return key ? signals[key] : null;
  });
  const replayOf = wanted.map((signal) =>
    daily && signal in daily.series ? daily.series[signal as ReplaySignal] : null,
  );
  await streamDailySignalValues(db, since, options.to, wanted, ({ columns, rows }) => {
    const [position, signal, day, value] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < rows; i++) {
      const p = position[i] as number;
      const s = signal[i] as number;
      const d = (day[i] as number) - first;
      const panel = panelOf[s];
      if (panel && d >= 0 && d < D) panel[p * D + d] = value[i] as number;
      const replayed = replayOf[s];
      if (replayed && daily) replayed[p * daily.width + d + REPLAY_LOOKBACK_DAYS] = value[i] as number;
    }
  });
  options.onProgress?.(2, 3);
  const replayed = new Map<string, Float32Array>();
  let basis: ReplayBasis | null = null;
  if (daily) {
    const listedAt = Float64Array.from(projects, (p) => p.listedAtMs ?? Number.NaN);
    basis = computeReplayBasis(daily, first, listedAt);
    for (const model of replay) replayed.set(model.id, computeReplayHeat(model.compiled, basis));
  }
  options.onProgress?.(3, 3);
  return {
    days,
    projects,
    signals,
    published,
    replayed,
    basis: options.keepBasis ? basis : null,
    heatWithoutModel,
  };
}

/**
 * The engine's panel of one heat series over the shared inputs; every project carries `modelVersion`. Without
 * `bySector` the projects carry no sector, so only the overall figures are computed (a proposal's preview).
 */
export function toPanel(
  inputs: EvaluationInputs,
  heat: Float32Array,
  modelVersion: string,
  bySector = true,
): EvaluationPanel {
  return {
    days: inputs.days,
    projects: inputs.projects.map((p) => ({ id: p.id, sectorIds: bySector ? [p.sectorId] : [], modelVersion })),
    heat,
    signals: inputs.signals,
  };
}
