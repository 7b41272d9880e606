import type { ProposalEvaluation } from '../../../shared/api/weight-proposals.schema.ts';
import { evaluateHeat } from '../../../shared/methodology/evaluate.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID, compileHeatModel } from '../../../shared/methodology/models.ts';
import { type ProposalWeights, proposalKey, toProposalDefinition } from '../../../shared/methodology/proposal.ts';
import { computeReplayHeat } from '../../../shared/methodology/replay.ts';
import type { EvaluationCell, EvaluationSummary } from '../../../shared/methodology/types.ts';
import type { Db } from '../../db/client.ts';
import { type EvaluationInputs, loadEvaluationInputs, toPanel } from './evaluation-inputs.service.ts';
import { EVALUATION_SEED, toEvaluationWindow } from './evaluation-run.service.ts';

// A weight proposal is evaluated while its author waits: the window's stored inputs are read once (outcomes, and the
// replay basis: every project-day's heat inputs), the current model is evaluated on them once, and each proposal then
// costs one columnar replay and one overall evaluation at one horizon; its result is kept by its weights.

/** The proposal is judged at one horizon (a week) with fewer resamples than the daily job: it answers while you wait. */
export const PROPOSAL_HORIZON = 7;
export const PROPOSAL_RESAMPLES = 300;
/**
 * How long a window's inputs are reused: history is past days, changed only by backfills and corrections, so a
 * proposal's figures may lag those by this much (a new day starts a new window at once).
 */
export const PROPOSAL_INPUTS_TTL_MS = 10 * 60_000;
/** Proposals' results kept per window (most recent first out when full). */
const MAX_CACHED_RESULTS = 500;

type Cells = EvaluationCell[];
type WindowContext = {
  key: string;
  loadedAt: number;
  inputs: EvaluationInputs;
  current: Cells;
  results: Map<string, ProposalEvaluation>;
};

// Per database handle (tests build many): the one window in use, or its load in flight (concurrent first requests share it).
const contexts = new WeakMap<Db, Promise<WindowContext>>();

/**
 * The proposal and the current model replayed on the same stored daily inputs of the last 90 days, overall (every
 * project), at a 7-day horizon. Deterministic (a fixed seed); the same weights in the same window answer from a cache.
 */
export async function evaluateProposal(db: Db, weights: ProposalWeights, now: Date): Promise<ProposalEvaluation> {
  const window = toEvaluationWindow(now);
  const context = await getWindowContext(db, window);
  const key = proposalKey(weights);
  const cached = context.results.get(key);
  if (cached) return cached;
  const { basis } = context.inputs;
  const heat = computeReplayHeat(compileHeatModel(toProposalDefinition(weights)), basis as NonNullable<typeof basis>);
  const proposal = evaluateOverall(context.inputs, heat, 'proposal');
  const result = toProposalEvaluation(window, context.current, proposal);
  if (context.results.size >= MAX_CACHED_RESULTS) context.results.delete(context.results.keys().next().value as string);
  context.results.set(key, result);
  return result;
}

async function getWindowContext(db: Db, window: { from: string; to: string }): Promise<WindowContext> {
  const key = `${window.from}|${window.to}`;
  const existing = contexts.get(db);
  if (existing) {
    const context = await existing.catch(() => null);
    if (context && context.key === key && performance.now() - context.loadedAt < PROPOSAL_INPUTS_TTL_MS) return context;
    if (contexts.get(db) !== existing) return getWindowContext(db, window); // another request reloaded meanwhile
  }
  const loading = loadWindowContext(db, key, window);
  contexts.set(db, loading);
  loading.catch(() => {
    if (contexts.get(db) === loading) contexts.delete(db);
  });
  return loading;
}

async function loadWindowContext(db: Db, key: string, window: { from: string; to: string }): Promise<WindowContext> {
  const inputs = await loadEvaluationInputs(db, { ...window, keepBasis: true, skipPublished: true });
  const heat = computeReplayHeat(
    compileHeatModel(CODE_MODEL_DEFINITION),
    inputs.basis as NonNullable<typeof inputs.basis>,
  );
  const current = evaluateOverall(inputs, heat, CODE_MODEL_ID);
  return { key, loadedAt: performance.now(), inputs, current, results: new Map() };
}

/** The overall cells only: projects carry no sector, so no per-sector cross-section is computed. */
function evaluateOverall(inputs: EvaluationInputs, heat: Float32Array, id: string): Cells {
  const options = { seed: EVALUATION_SEED, horizons: [PROPOSAL_HORIZON], resamples: PROPOSAL_RESAMPLES };
  return evaluateHeat(toPanel(inputs, heat, id, false), options).cells.filter((c) => c.group.kind === 'all');
}

const summary = (c: EvaluationSummary) => ({ mean: c.mean, low: c.low, high: c.high, days: c.days });

function toProposalEvaluation(
  window: { from: string; to: string },
  current: Cells,
  proposal: Cells,
): ProposalEvaluation {
  return {
    from: window.from,
    to: window.to,
    horizon: PROPOSAL_HORIZON,
    outcomes: proposal.flatMap((p) => {
      const c = current.find((x) => x.outcome === p.outcome);
      return c
        ? [
            {
              outcome: p.outcome,
              proposal: { correlation: summary(p.correlation), hitRate: summary(p.hitRate) },
              current: { correlation: summary(c.correlation), hitRate: summary(c.hitRate) },
            },
          ]
        : [];
    }),
  };
}
