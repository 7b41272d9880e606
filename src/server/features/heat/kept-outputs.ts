import type { ProjectStatus } from '../../../shared/scoring/index.ts';
import { PROJECT_HISTORY_KEYS } from './heat.mappers.ts';
import { type ScoredProject, SectorMembers } from './sector-aggregate.ts';

/** A project's outputs as its stored row holds them: what the next run keeps when the project is clean. */
export type StoredOutputs = { project: ScoredProject; status: string | null };

/** What {@link KeptOutputs.add} reads of a project (contributions from an array or a run's typed array). */
type Outputs = Omit<ScoredProject, 'contributions'> & { contributions: ArrayLike<number> | null };

/** Contributions per project, as project_scores stores them. */
const CONTRIBUTIONS = PROJECT_HISTORY_KEYS.length;
/** Numbers per project, in this order: score, evidence, social, signal, gain. NaN stands for null. */
const NUMBERS = 5;
const SCORE = 0;
const GAIN = 4;
/** Status codes: 0 for none (not scored), then the statuses. */
const STATUSES: readonly (string | null)[] = [null, 'active', 'new', 'rising', 'trending'];

const orNaN = (value: number | null) => (value === null ? Number.NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * Every project's outputs in columns, in id order: ~15 MB at 100,000 projects, where the same outputs as objects held
 * ~40 MB of heap between runs (measured). A run that committed keeps them for the next run's plan; the incremental
 * run patches the re-scored projects in place ({@link setAt}) and reads the rest from here, so a run that changed 1 %
 * of the projects builds no object for the other 99 %. Contributions are float4 as stored, so a Float32Array keeps
 * them exactly; the other numbers are float8 as stored.
 */
export class KeptOutputs {
  private readonly index = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly categoryNames: string[] = [];
  private readonly categoryIndex = new Map<string, number>();
  private readonly category: Uint32Array;
  private readonly status: Uint8Array;
  private readonly numbers: Float64Array;
  private readonly contributions: Float32Array;
  /** Project indexes grouped by category (in id order within each), built on the first membersOf. */
  private byCategory: { starts: Int32Array; order: Int32Array } | null = null;

  constructor(capacity: number) {
    this.category = new Uint32Array(capacity);
    this.status = new Uint8Array(capacity);
    this.numbers = new Float64Array(capacity * NUMBERS);
    this.contributions = new Float32Array(capacity * CONTRIBUTIONS);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Adds a project's outputs; false when they do not fit the columns (the caller then keeps nothing). */
  add(project: Outputs, status: string | null): boolean {
    const i = this.ids.length;
    if (i >= this.category.length || this.index.has(project.id) || !fits(project, status)) return false;
    this.index.set(project.id, i);
    this.ids.push(project.id);
    this.write(i, project, status);
    return true;
  }

  /**
   * Replaces project `i`'s outputs (a project re-scored by an incremental run). Throws when they do not fit: the
   * columns are that run's only copy of its projects.
   */
  setAt(i: number, project: Outputs, status: string | null): void {
    if (this.ids[i] !== project.id || !fits(project, status))
      throw new Error(`kept outputs: ${project.id} does not fit`);
    if (this.categoryNames[this.category[i] as number] !== project.category) this.byCategory = null;
    this.write(i, project, status);
  }

  /** Replaces project `i`'s status alone. */
  setStatusAt(i: number, status: ProjectStatus | null): void {
    this.status[i] = STATUSES.indexOf(status);
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  /** The position of project `id`, or undefined when it was not kept. */
  indexOf(id: string): number | undefined {
    return this.index.get(id);
  }

  /** The id of the i-th kept project, in the order they were added (id order). */
  idAt(i: number): string {
    return this.ids[i] as string;
  }

  /** Project `i`'s heat score; null when it is not scored. */
  scoreAt(i: number): number | null {
    return orNull(this.numbers[i * NUMBERS + SCORE] as number);
  }

  /** Project `i`'s 24 h gain; null without one. */
  gainAt(i: number): number | null {
    return orNull(this.numbers[i * NUMBERS + GAIN] as number);
  }

  statusAt(i: number): ProjectStatus | null {
    return (STATUSES[this.status[i] as number] ?? null) as ProjectStatus | null;
  }

  /** Every project's gain in order (NaN for none): what the trending cutoff is taken over. */
  gains(): Float64Array {
    const gains = new Float64Array(this.size);
    for (let i = 0; i < gains.length; i++) gains[i] = this.numbers[i * NUMBERS + GAIN] as number;
    return gains;
  }

  /** The i-th kept project's outputs under the category its row held then. */
  outputsAt(i: number): StoredOutputs {
    return this.build(i, this.ids[i] as string, this.categoryNames[this.category[i] as number] as string);
  }

  /**
   * A project's kept outputs, or undefined when it was not in the run, under the category the caller gives: the one
   * its row holds now (a project moved to another sector keeps its outputs).
   */
  outputsOf(id: string, category: string): StoredOutputs | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.build(i, id, category);
  }

  /** The same projects but those in `gone`, in the same order. */
  without(gone: ReadonlySet<string>): KeptOutputs {
    const kept = new KeptOutputs(this.size);
    for (let i = 0; i < this.size; i++) {
      const id = this.ids[i] as string;
      if (gone.has(id)) continue;
      const { project, status } = this.outputsAt(i);
      kept.add(project, status);
    }
    return kept;
  }

  /** The scored projects of category `name`, in id order, as the sector aggregate takes them. */
  membersOf(name: string): SectorMembers {
    const category = this.categoryIndex.get(name);
    if (category === undefined) return new SectorMembers(0);
    const { starts, order } = this.groupByCategory();
    const from = starts[category] as number;
    const to = starts[category + 1] as number;
    const members = new SectorMembers(to - from);
    for (let k = from; k < to; k++) {
      const i = order[k] as number;
      const n = i * NUMBERS;
      const score = this.numbers[n + SCORE] as number;
      if (Number.isNaN(score)) continue;
      const social = orNull(this.numbers[n + 2] as number);
      members.push(score, social, orNull(this.numbers[n + GAIN] as number), this.contributions, i * CONTRIBUTIONS);
    }
    return members;
  }

  private write(i: number, project: Outputs, status: string | null): void {
    this.category[i] = this.categoryOf(project.category);
    this.status[i] = STATUSES.indexOf(status);
    const n = i * NUMBERS;
    this.numbers[n + SCORE] = orNaN(project.score);
    this.numbers[n + 1] = project.evidence;
    this.numbers[n + 2] = orNaN(project.social);
    this.numbers[n + 3] = orNaN(project.signal);
    this.numbers[n + GAIN] = orNaN(project.gain);
    const c = i * CONTRIBUTIONS;
    const contributions = project.contributions;
    for (let k = 0; k < CONTRIBUTIONS; k++)
      this.contributions[c + k] = contributions ? (contributions[k] as number) : 0;
  }

  /** The outputs of the i-th kept project (`id`) under `category`. */
  private build(i: number, id: string, category: string): StoredOutputs {
    const n = i * NUMBERS;
    const score = orNull(this.numbers[n + SCORE] as number);
    return {
      project: {
        id,
        category,
        score,
        evidence: this.numbers[n + 1] as number,
        // As fromStored: no contributions for a project without a score.
        contributions:
          score === null ? null : Array.from(this.contributions.subarray(i * CONTRIBUTIONS, (i + 1) * CONTRIBUTIONS)),
        social: orNull(this.numbers[n + 2] as number),
        signal: orNull(this.numbers[n + 3] as number),
        gain: orNull(this.numbers[n + GAIN] as number),
      },
      status: STATUSES[this.status[i] as number] ?? null,
    };
  }

  private categoryOf(name: string): number {
    let index = this.categoryIndex.get(name);
    if (index === undefined) {
      index = this.categoryNames.length;
      this.categoryNames.push(name);
      this.categoryIndex.set(name, index);
      this.byCategory = null;
    }
    return index;
  }

  /** A counting sort of the projects by category: stable, so each category's projects stay in id order. */
  private groupByCategory() {
    if (this.byCategory) return this.byCategory;
    const size = this.size;
    const starts = new Int32Array(this.categoryNames.length + 1);
    for (let i = 0; i < size; i++) {
      const c = (this.category[i] as number) + 1;
      starts[c] = (starts[c] as number) + 1;
    }
    for (let c = 0; c < this.categoryNames.length; c++)
      starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
    const next = starts.slice(0, -1);
    const order = new Int32Array(size);
    for (let i = 0; i < size; i++) {
      const c = this.category[i] as number;
      order[next[c] as number] = i;
      next[c] = (next[c] as number) + 1;
    }
    this.byCategory = { starts, order };
    return this.byCategory;
  }
}

/** Whether a project's outputs fit the columns: a known status and the stored count of contributions. */
function fits(project: Outputs, status: string | null): boolean {
  return (
    STATUSES.includes(status) && (project.contributions === null || project.contributions.length === CONTRIBUTIONS)
  );
}
