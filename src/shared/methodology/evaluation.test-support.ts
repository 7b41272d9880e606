// Synthetic panels for the evaluation tests, drawn from the seeded PRNG (never Math.random).
import { listDays } from './panel.ts';
import { createRandom } from './random.ts';
import { type EvaluationPanel, PANEL_SIGNALS, type PanelSignal } from './types.ts';

export type SyntheticPanelOptions = {
  projects: number;
  days: number;
  seed: number;
  /** Days after which page views and news follow heat (0 = they ignore heat). */
  attentionLag?: number;
  sectors?: readonly string[];
  modelVersions?: readonly string[];
};

const gaussian = (next: () => number) => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

/**
 * Heat is a per-project AR(1) (φ = 0.8) around 50. With `attentionLag` = L, page views and news on day d are
 * Poisson-like counts whose rate rises with heat on day d − L; every other signal is noise unrelated to heat.
 */
export function createSyntheticPanel(o: SyntheticPanelOptions): EvaluationPanel {
  const next = createRandom(o.seed);
  const P = o.projects;
  const D = o.days;
  const sectors = o.sectors ?? ['AI', 'DeFi'];
  const versions = o.modelVersions ?? ['v1'];
  const heat = new Float64Array(P * D);
  const signals = {} as Record<PanelSignal, Float64Array>;
  for (const key of PANEL_SIGNALS) signals[key] = new Float64Array(P * D);
  const lag = o.attentionLag ?? 0;
  for (let p = 0; p < P; p++) {
    let x = gaussian(next);
    let price = 10 * Math.exp(gaussian(next));
    const size = Math.exp(gaussian(next));
    for (let d = 0; d < D; d++) {
      x = 0.8 * x + 0.6 * gaussian(next);
      heat[p * D + d] = 50 + 15 * x;
      price *= Math.exp(0.03 * gaussian(next));
      const driver = lag > 0 && d >= lag ? (heat[p * D + d - lag] as number) : 50 + 15 * gaussian(next);
      const rate = size * Math.exp((driver - 50) / 15);
      signals.pageViews[p * D + d] = Math.round(100 * rate * (0.8 + 0.4 * next()));
      signals.newsCount[p * D + d] = Math.round(3 * rate * (0.5 + next()));
      signals.redditPosts[p * D + d] = Math.floor(5 * next());
      signals.redditAuthors[p * D + d] = Math.floor(4 * next());
      signals.commits[p * D + d] = Math.floor(10 * next() * next());
      signals.volumeUsd[p * D + d] = 1e6 * size * Math.exp(gaussian(next));
      signals.priceUsd[p * D + d] = price;
    }
  }
  return {
    days: listDays('2026-01-01', new Date(Date.UTC(2026, 0, D)).toISOString().slice(0, 10)),
    projects: Array.from({ length: P }, (_, p) => ({
      id: `p${p}`,
      sectorIds: [sectors[p % sectors.length] as string],
      modelVersion: versions[p % versions.length] as string,
    })),
    heat,
    signals,
  };
}

/** The same panel with each day's heat scores permuted across projects: any link to later outcomes is cut. */
export function shuffleHeatAcrossProjects(panel: EvaluationPanel, seed: number): EvaluationPanel {
  const next = createRandom(seed);
  const P = panel.projects.length;
  const D = panel.days.length;
  const heat = new Float64Array(P * D);
  const perm = Array.from({ length: P }, (_, i) => i);
  for (let d = 0; d < D; d++) {
    for (let i = P - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [perm[i], perm[j]] = [perm[j] as number, perm[i] as number];
    }
    for (let p = 0; p < P; p++) heat[p * D + d] = panel.heat[(perm[p] as number) * D + d] as number;
  }
  return { ...panel, heat };
}
