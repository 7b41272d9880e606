import { PROJECT_HISTORY_KEYS } from './heat.mappers.ts';
import type { ScoredProject } from './sector-aggregate.ts';

/** A project's outputs as its stored row holds them: what the next run keeps when the project is clean. */
export type StoredOutputs = { project: ScoredProject; status: string | null };

/** What {@link KeptOutputs.add} reads of a project (contributions from an array or a run's typed array). */
type Outputs = Omit<ScoredProject, 'contributions'> & { contributions: ArrayLike<number> | null };

/** Contributions per project, as project_scores stores them. */
const CONTRIBUTIONS = PROJECT_HISTORY_KEYS.length;
/** Numbers per project, in this order: score, evidence, social, signal, gain. NaN stands for null. */
const NUMBERS = 5;

const orNaN = (value: number | null) => (value === null ? Number.NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * Every project's outputs as one run committed them, in columns: ~15 MB at 100,000 projects, where the same outputs
 * as objects held ~40 MB of heap between runs (measured). Contributions are float4 as stored, so a Float32Array keeps
 * them exactly; the other numbers are float8 as stored. {@link outputsOf} builds a project's outputs again.
 */
export class KeptOutputs {
  private readonly index = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly categories: string[] = [];
  private readonly statuses: (string | null)[] = [];
  private readonly numbers: Float64Array;
  private readonly contributions: Float32Array;

  constructor(capacity: number) {
    this.numbers = new Float64Array(capacity * NUMBERS);
    this.contributions = new Float32Array(capacity * CONTRIBUTIONS);
  }

  get size(): number {
    return this.index.size;
  }

  /** Adds a project's outputs; false when they do not fit the columns (the caller then keeps nothing). */
  add(project: Outputs, status: string | null): boolean {
    const i = this.index.size;
    const contributions = project.contributions;
    if (i * NUMBERS >= this.numbers.length) return false;
    if (contributions !== null && contributions.length !== CONTRIBUTIONS) return false;
    if (this.index.has(project.id)) return false;
    this.index.set(project.id, i);
    this.ids.push(project.id);
    this.categories.push(project.category);
    this.statuses.push(status);
    const n = i * NUMBERS;
    this.numbers[n] = orNaN(project.score);
    this.numbers[n + 1] = project.evidence;
    this.numbers[n + 2] = orNaN(project.social);
    this.numbers[n + 3] = orNaN(project.signal);
    this.numbers[n + 4] = orNaN(project.gain);
    const c = i * CONTRIBUTIONS;
    for (let k = 0; k < CONTRIBUTIONS; k++)
      this.contributions[c + k] = contributions ? (contributions[k] as number) : 0;
    return true;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  /** The id of the i-th kept project, in the order they were added (id order). */
  idAt(i: number): string {
    return this.ids[i] as string;
  }

  /** The i-th kept project's outputs under the category its row held then. */
  outputsAt(i: number): StoredOutputs {
    return this.build(i, this.ids[i] as string, this.categories[i] as string);
  }

  /**
   * A project's kept outputs, or undefined when it was not in the run, under the category the caller gives: the one
   * its row holds now (a project moved to another sector keeps its outputs).
   */
  outputsOf(id: string, category: string): StoredOutputs | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.build(i, id, category);
  }

  /** The outputs of the i-th kept project (`id`) under `category`. */
  private build(i: number, id: string, category: string): StoredOutputs {
    const n = i * NUMBERS;
    const score = orNull(this.numbers[n] as number);
    const c = i * CONTRIBUTIONS;
    return {
      project: {
        id,
        category,
        score,
        evidence: this.numbers[n + 1] as number,
        // As fromStored: no contributions for a project without a score.
        contributions: score === null ? null : this.contributionsAt(c),
        social: orNull(this.numbers[n + 2] as number),
        signal: orNull(this.numbers[n + 3] as number),
        gain: orNull(this.numbers[n + 4] as number),
      },
      status: this.statuses[i] ?? null,
    };
  }

  private contributionsAt(c: number): number[] {
    const values = new Array<number>(CONTRIBUTIONS);
    for (let k = 0; k < CONTRIBUTIONS; k++) values[k] = this.contributions[c + k] as number;
    return values;
  }
}
