import {
  computeTrendingCutoff,
  deriveStatus,
  type HeatScoringModel,
  type ProjectStatus,
} from '../../../shared/scoring/index.ts';
import { PROJECT_HISTORY_KEYS } from './heat.mappers.ts';
import type { ProjectInputs, ProjectScoreWrite } from './heat.queries.ts';
import { KeptOutputs } from './kept-outputs.ts';
import { compareWithStored, finishProject, listedAt } from './project-scoring.ts';
import { type ScoredProject, SectorMembers } from './sector-aggregate.ts';

// A full recompute's per-project results, one typed array per field (~200 bytes a project), instead of every
// project's inputs, status-free summary and finished row as objects (~1 kB a project, ~100 MB of heap at 100,000
// projects when the server first opens a seeded catalogue). Rows to write are built from these a page at a time.
//
// The one figure that needs every project is the trending cutoff (the top decile of gains). Every other status is
// known from the project alone: 'new' and 'active' hang on its listing date, and a gain of at least RISING_MIN_GAIN is
// 'rising' unless the cutoff makes it 'trending'. So each project is finished as it is read, under the status it
// will have unless it turns out trending, and a project that may be trending is finished both ways; once every
// gain is known, the cutoff picks one. Both are finishProject's own rows: the same bits as finishing after the cutoff.

const CONTRIBUTIONS = PROJECT_HISTORY_KEYS.length;
const STATUS_CODES: readonly (ProjectStatus | null)[] = [null, 'active', 'new', 'rising', 'trending'];
const codeOf = (status: ProjectStatus | null) => STATUS_CODES.indexOf(status);
const TRENDING = codeOf('trending');
const DIFFERENCES = ['same', 'bookkeeping', 'rescored'] as const;
type Difference = (typeof DIFFERENCES)[number];

// Bits of `flags`: which nullable fields hold a value, and whether the project may still turn out trending.
const SCORED = 1;
const HAS_SOCIAL = 2;
const HAS_GAIN = 4;
const HAS_LISTED = 8;
const HAS_RESCORE = 16;
const MAY_TREND = 32;

/** Finished rows per project: [0] under its status as read, [1] as trending (projects that may trend only). */
const VARIANTS = 2;

/** A full run's projects in read (id) order, each finished under its final status once {@link applyCutoff} ran. */
export class RunColumns {
  length = 0;
  private capacity: number;
  private ids: string[] = [];
  private categoryNames: string[] = [];
  private categoryIndex = new Map<string, number>();
  /** Project indexes grouped by category (in read order within each), built on the first membersOf. */
  private byCategory: { starts: Int32Array; order: Int32Array } | null = null;
  private category: Uint32Array;
  private flags: Uint8Array;
  private status: Uint8Array;
  private variant: Uint8Array;
  private social: Float64Array;
  private signal: Float64Array;
  private gain: Float64Array;
  private listedAtMs: Float64Array;
  private rescoreAtMs: Float64Array;
  private evidence: Int32Array;
  private version: Int32Array;
  // Per variant (index i × VARIANTS + v): heat, hash (8 hex digits as a number), difference from the stored row.
  private heat: Float64Array;
  private hash: Uint32Array;
  private difference: Uint8Array;
  /** Float4 contributions (as stored), CONTRIBUTIONS per variant: exact, for they were rounded to float4 already. */
  private contributions: Float32Array;

  constructor(capacity: number) {
    this.capacity = Math.max(capacity, 16);
    const n = this.capacity;
    this.category = new Uint32Array(n);
    this.flags = new Uint8Array(n);
    this.status = new Uint8Array(n);
    this.variant = new Uint8Array(n);
    this.social = new Float64Array(n);
    this.signal = new Float64Array(n);
    this.gain = new Float64Array(n);
    this.listedAtMs = new Float64Array(n);
    this.rescoreAtMs = new Float64Array(n);
    this.evidence = new Int32Array(n);
    this.version = new Int32Array(n);
    this.heat = new Float64Array(n * VARIANTS);
    this.hash = new Uint32Array(n * VARIANTS);
    this.difference = new Uint8Array(n * VARIANTS);
    this.contributions = new Float32Array(n * VARIANTS * CONTRIBUTIONS);
  }

  /**
   * Adds a project read from `row` and scored status-free (`s`, which this finishes: it is the caller's no more).
   * Its status is derived without the cutoff; one that may trend is finished as trending too.
   */
  push(row: ProjectInputs, s: ScoredProject, now: Date, model: HeatScoringModel): void {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    // Without a cutoff (+∞) a gain ≥ RISING_MIN_GAIN derives 'rising': the only status the cutoff can still change.
    const status = s.score === null ? null : deriveStatus({ gain24h: s.gain, listedAt: listedAt(row) }, Infinity, now);
    const asTrending = status === 'rising' ? { ...s } : null;
    const write = finishProject(s, row, status, now, model);
    this.setVariant(i, 0, write, compareWithStored(write, row, model.version));
    let flags = 0;
    if (asTrending) {
      const trending = finishProject(asTrending, row, 'trending', now, model);
      this.setVariant(i, 1, trending, compareWithStored(trending, row, model.version));
      flags |= MAY_TREND;
    }
    this.ids.push(write.id);
    this.category[i] = this.categoryOf(write.category);
    this.status[i] = codeOf(status);
    this.variant[i] = 0;
    this.evidence[i] = write.evidence;
    this.version[i] = write.version;
    if (write.heat !== null) flags |= SCORED;
    this.signal[i] = write.signal ?? 0;
    if (write.social !== null) {
      flags |= HAS_SOCIAL;
      this.social[i] = write.social;
    }
    if (write.gain !== null) {
      flags |= HAS_GAIN;
      this.gain[i] = write.gain;
    }
    if (row.listedAtMs !== null) {
      flags |= HAS_LISTED;
      this.listedAtMs[i] = row.listedAtMs;
    }
    if (write.rescoreAtMs !== null) {
      flags |= HAS_RESCORE;
      this.rescoreAtMs[i] = write.rescoreAtMs;
    }
    this.flags[i] = flags;
  }

  /**
   * Derives every status against the trending cutoff of all gains (unscored projects have none, so they neither are
   * nor shift it) and picks each project's finished row. Returns the status tally of the scored projects.
   */
  applyCutoff(now: Date): { statuses: Record<ProjectStatus, number>; scoredCount: number } {
    const gains: number[] = [];
    for (let i = 0; i < this.length; i++) if ((this.flags[i] as number) & HAS_GAIN) gains.push(this.gain[i] as number);
    const cutoff = computeTrendingCutoff(gains);
    const statuses: Record<ProjectStatus, number> = { trending: 0, rising: 0, new: 0, active: 0 };
    let scoredCount = 0;
    for (let i = 0; i < this.length; i++) {
      const flags = this.flags[i] as number;
      if (!(flags & SCORED)) continue;
      const status = deriveStatus(
        {
          gain24h: flags & HAS_GAIN ? (this.gain[i] as number) : null,
          listedAt: flags & HAS_LISTED ? new Date(this.listedAtMs[i] as number) : null,
        },
        cutoff,
        now,
      );
      const code = codeOf(status);
      if (code !== this.status[i]) {
        // Only the cutoff's own step: a project finished as rising that the cutoff makes trending.
        if (!(flags & MAY_TREND) || code !== TRENDING) throw new Error(`status of ${this.ids[i]} moved unexpectedly`);
        this.status[i] = code;
        this.variant[i] = 1;
      }
      statuses[status]++;
      scoredCount++;
    }
    return { statuses, scoredCount };
  }

  /** Rows that differ from their stored ones, and of those the rows whose outputs changed (after applyCutoff). */
  countDifferences(): { changed: number; rescored: number } {
    let changed = 0;
    let rescored = 0;
    for (let i = 0; i < this.length; i++) {
      const difference = this.differenceOf(i);
      if (difference !== 'same') changed++;
      if (difference === 'rescored') rescored++;
    }
    return { changed, rescored };
  }

  /** How project `i`'s finished row differs from its stored one. */
  differenceOf(i: number): Difference {
    return DIFFERENCES[this.difference[i * VARIANTS + (this.variant[i] as number)] as number] ?? 'rescored';
  }

  /** Project `i`'s row to store, as finishProject built it. */
  toWrite(i: number): ProjectScoreWrite {
    const flags = this.flags[i] as number;
    const v = i * VARIANTS + (this.variant[i] as number);
    const scored = (flags & SCORED) !== 0;
    return {
      id: this.ids[i] as string,
      category: this.categoryNames[this.category[i] as number] as string,
      heat: scored ? (this.heat[v] as number) : null,
      social: flags & HAS_SOCIAL ? (this.social[i] as number) : null,
      signal: scored ? (this.signal[i] as number) : null,
      status: STATUS_CODES[this.status[i] as number] ?? null,
      evidence: this.evidence[i] as number,
      contributions: scored ? Array.from(this.contributionsOf(v)) : null,
      hash: (this.hash[v] as number).toString(16).padStart(8, '0'),
      gain: flags & HAS_GAIN ? (this.gain[i] as number) : null,
      rescoreAtMs: flags & HAS_RESCORE ? (this.rescoreAtMs[i] as number) : null,
      version: this.version[i] as number,
      rescored: this.difference[v] === DIFFERENCES.indexOf('rescored'),
    };
  }

  /** Every project's outputs as this run stores them, for the next run's plan (null when they do not fit). */
  keptOutputs(): KeptOutputs | null {
    const kept = new KeptOutputs(this.length);
    for (let i = 0; i < this.length; i++) {
      const flags = this.flags[i] as number;
      const v = i * VARIANTS + (this.variant[i] as number);
      const scored = (flags & SCORED) !== 0;
      const outputs = {
        id: this.ids[i] as string,
        category: this.categoryNames[this.category[i] as number] as string,
        score: scored ? (this.heat[v] as number) : null,
        evidence: this.evidence[i] as number,
        contributions: scored ? this.contributionsOf(v) : null,
        social: flags & HAS_SOCIAL ? (this.social[i] as number) : null,
        signal: scored ? (this.signal[i] as number) : null,
        gain: flags & HAS_GAIN ? (this.gain[i] as number) : null,
      };
      if (!kept.add(outputs, STATUS_CODES[this.status[i] as number] ?? null)) return null;
    }
    return kept;
  }

  /** Pages of at most `size` rows to store: every project's, or only those that differ from their stored rows. */
  *pages(which: 'all' | 'changed', size: number): Generator<ProjectScoreWrite[]> {
    let page: ProjectScoreWrite[] = [];
    for (let i = 0; i < this.length; i++) {
      if (which === 'changed' && this.differenceOf(i) === 'same') continue;
      page.push(this.toWrite(i));
      if (page.length === size) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /** The scored projects of category `name`, in read order, as the sector aggregate takes them. */
  membersOf(name: string): SectorMembers {
    const category = this.categoryIndex.get(name);
    if (category === undefined) return new SectorMembers(0);
    const { starts, order } = this.groupByCategory();
    const from = starts[category] as number;
    const to = starts[category + 1] as number;
    const members = new SectorMembers(to - from);
    for (let k = from; k < to; k++) {
      const i = order[k] as number;
      const flags = this.flags[i] as number;
      if (!(flags & SCORED)) continue;
      const v = i * VARIANTS + (this.variant[i] as number);
      members.push(
        this.heat[v] as number,
        flags & HAS_SOCIAL ? (this.social[i] as number) : null,
        flags & HAS_GAIN ? (this.gain[i] as number) : null,
        this.contributions,
        v * CONTRIBUTIONS,
      );
    }
    return members;
  }

  /** A counting sort of the projects by category: stable, so each category's projects stay in read order. */
  private groupByCategory() {
    if (this.byCategory) return this.byCategory;
    const starts = new Int32Array(this.categoryNames.length + 1);
    for (let i = 0; i < this.length; i++) {
      const c = (this.category[i] as number) + 1;
      starts[c] = (starts[c] as number) + 1;
    }
    for (let c = 0; c < this.categoryNames.length; c++)
      starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
    const next = starts.slice(0, -1);
    const order = new Int32Array(this.length);
    for (let i = 0; i < this.length; i++) {
      const c = this.category[i] as number;
      order[next[c] as number] = i;
      next[c] = (next[c] as number) + 1;
    }
    this.byCategory = { starts, order };
    return this.byCategory;
  }

  private contributionsOf(v: number): Float32Array {
    return this.contributions.subarray(v * CONTRIBUTIONS, (v + 1) * CONTRIBUTIONS);
  }

  private setVariant(i: number, variant: number, write: ProjectScoreWrite, difference: Difference): void {
    const v = i * VARIANTS + variant;
    this.heat[v] = write.heat ?? 0;
    this.hash[v] = Number.parseInt(write.hash, 16);
    this.difference[v] = DIFFERENCES.indexOf(difference);
    if (write.contributions !== null) this.contributions.set(write.contributions, v * CONTRIBUTIONS);
  }

  private categoryOf(name: string): number {
    let index = this.categoryIndex.get(name);
    if (index === undefined) {
      index = this.categoryNames.length;
      this.categoryNames.push(name);
      this.categoryIndex.set(name, index);
    }
    return index;
  }

  /** Projects added since the run counted them: twice the room (rare; a copy of each array). */
  private grow(): void {
    const n = this.capacity * 2;
    const grown = <T extends Uint8Array | Uint32Array | Int32Array | Float32Array | Float64Array>(
      from: T,
      make: (n: number) => T,
      per = 1,
    ): T => {
      const to = make(n * per);
      to.set(from as never);
      return to;
    };
    this.category = grown(this.category, (k) => new Uint32Array(k));
    this.flags = grown(this.flags, (k) => new Uint8Array(k));
    this.status = grown(this.status, (k) => new Uint8Array(k));
    this.variant = grown(this.variant, (k) => new Uint8Array(k));
    this.social = grown(this.social, (k) => new Float64Array(k));
    this.signal = grown(this.signal, (k) => new Float64Array(k));
    this.gain = grown(this.gain, (k) => new Float64Array(k));
    this.listedAtMs = grown(this.listedAtMs, (k) => new Float64Array(k));
    this.rescoreAtMs = grown(this.rescoreAtMs, (k) => new Float64Array(k));
    this.evidence = grown(this.evidence, (k) => new Int32Array(k));
    this.version = grown(this.version, (k) => new Int32Array(k));
    this.heat = grown(this.heat, (k) => new Float64Array(k), VARIANTS);
    this.hash = grown(this.hash, (k) => new Uint32Array(k), VARIANTS);
    this.difference = grown(this.difference, (k) => new Uint8Array(k), VARIANTS);
    this.contributions = grown(this.contributions, (k) => new Float32Array(k), VARIANTS * CONTRIBUTIONS);
    this.capacity = n;
  }
}
