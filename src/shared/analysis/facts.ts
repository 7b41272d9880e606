import type { AnalysisFact } from '../api/analysis.schema.ts';

/** Anchors of the page a fact's citation links to (the project page's elements and the analysis panel's sections). */
export const ANCHORS = {
  scores: 'project-scores',
  movers: 'analysis-movers',
  anomalies: 'analysis-anomalies',
  risks: 'analysis-risks',
  similar: 'analysis-similar',
  rotation: 'analysis-rotation',
  breakdown: (key: string) => `breakdown-${key}`,
} as const;

/** Our own computations' source. */
export const HEATRANK_SOURCE = 'heatrank';

/** Collects facts by key (the first value of a key wins, so a number is stated once). */
export class FactBook {
  readonly #byKey = new Map<string, AnalysisFact>();
  readonly #asOf: string | null;

  /** `asOf`: when our own computations' inputs were current (the heat run's time), or null. */
  constructor(asOf: string | null) {
    this.#asOf = asOf;
  }

  /** Adds a fact and returns its value (so a number is written and recorded in one expression). */
  add(
    key: string,
    value: number,
    unit: AnalysisFact['unit'],
    anchor: string | null,
    origin?: { source: string; asOf: string | null },
  ): number {
    const { source, asOf } = origin ?? { source: HEATRANK_SOURCE, asOf: this.#asOf };
    if (!this.#byKey.has(key)) this.#byKey.set(key, { key, value, unit, source, asOf, anchor });
    return value;
  }

  has(key: string): boolean {
    return this.#byKey.has(key);
  }

  list(): AnalysisFact[] {
    return [...this.#byKey.values()];
  }
}
