import type { SimilarProject } from '../api/analysis.schema.ts';
import { SIMILAR_SIGNAL_TOLERANCE, SIMILAR_TOP } from './constants.ts';

/** What a project is compared on. Signals are raw values (counts, USD); null = no data. */
export type SimilarityProfile = {
  projectId: string;
  name: string;
  sector: string;
  chains: readonly string[];
  tags: readonly string[];
  signals: Readonly<Record<string, number | null>>;
};

/**
 * Signals compared and the order of magnitude that maps to 1: log10(1 + raw) / scale, clamped to [0, 1], so a
 * $1 B and a $2 B market cap sit close and a $1 M one far away.
 */
export const SIMILARITY_SIGNALS: Readonly<Record<string, number>> = {
  marketCap: 12,
  volume24h: 11,
  tvl: 11,
  followersTwitter: 7,
  devStars: 5,
  devCommits: 5,
  newsMentions: 4,
  redditMentions: 4,
};

/** A raw signal → [0, 1] (null stays null). */
export function normaliseSignal(key: string, raw: number | null | undefined): number | null {
  const scale = SIMILARITY_SIGNALS[key];
  if (scale === undefined || raw === null || raw === undefined || !Number.isFinite(raw)) return null;
  return Math.min(1, Math.max(0, Math.log10(1 + Math.max(0, raw)) / scale));
}

type Vector = Map<string, number>;

/** One-hot sector, chains and tags (1 each) and the normalised signals (missing signals are absent, not 0). */
export function toVector(p: SimilarityProfile): Vector {
  const v: Vector = new Map();
  v.set(`sector:${p.sector}`, 1);
  for (const c of p.chains) v.set(`chain:${c}`, 1);
  for (const t of p.tags) v.set(`tag:${t}`, 1);
  for (const key of Object.keys(SIMILARITY_SIGNALS)) {
    const n = normaliseSignal(key, p.signals[key]);
    if (n !== null) v.set(`signal:${key}`, n);
  }
  return v;
}

/** Cosine similarity ∈ [0, 1] here (no negative components); 0 when either vector is empty. Symmetric. */
export function cosineSimilarity(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, x] of a) {
    na += x * x;
    dot += x * (b.get(k) ?? 0);
  }
  for (const y of b.values()) nb += y * y;
  return na > 0 && nb > 0 ? Math.min(1, dot / Math.sqrt(na * nb)) : 0;
}

/** The traits two projects share: the sector, common chains and tags, signals at a similar normalised level. */
export function sharedTraits(a: SimilarityProfile, b: SimilarityProfile): SimilarProject['shared'] {
  const common = (x: readonly string[], y: readonly string[]) => x.filter((v) => y.includes(v)).sort();
  const signals = Object.keys(SIMILARITY_SIGNALS).filter((key) => {
    const [x, y] = [normaliseSignal(key, a.signals[key]), normaliseSignal(key, b.signals[key])];
    return x !== null && y !== null && Math.abs(x - y) <= SIMILAR_SIGNAL_TOLERANCE;
  });
  return {
    sector: a.sector === b.sector ? a.sector : null,
    chains: common(a.chains, b.chains),
    tags: common(a.tags, b.tags),
    signals,
  };
}

/** The `top` candidates most similar to `target` (never itself), most similar first, ties by id. */
export function rankSimilar(
  target: SimilarityProfile,
  candidates: readonly SimilarityProfile[],
  top = SIMILAR_TOP,
): SimilarProject[] {
  const v = toVector(target);
  return candidates
    .filter((c) => c.projectId !== target.projectId)
    .map((c) => ({ c, similarity: cosineSimilarity(v, toVector(c)) }))
    .filter((x) => x.similarity > 0)
    .sort((x, y) => y.similarity - x.similarity || x.c.projectId.localeCompare(y.c.projectId))
    .slice(0, top)
    .map(({ c, similarity }) => ({
      projectId: c.projectId,
      name: c.name,
      similarity,
      shared: sharedTraits(target, c),
    }));
}
