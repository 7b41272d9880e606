// Seeded randomness for the evaluation (bootstrap, synthetic test histories): never Math.random, so the same inputs
// and seed give the same tables on every machine.

/** mulberry32: a small, fast, seedable PRNG. Returns a function yielding uniforms in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 32-bit seed derived from a base seed and a label (FNV-1a over both), so each table cell draws its own stream:
 * adding or reordering cells never changes another cell's interval.
 */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  h = Math.imul(h, 0x01000193);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
