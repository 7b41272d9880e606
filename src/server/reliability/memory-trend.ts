/**
 * Whether a server's memory grew under load, read from per-second RSS samples. Under steady load a Node server's RSS
 * is a sawtooth (garbage piles up until a full collection, every ~10–15 s at 750 req/s, then drops by 100–150 MB), so
 * two single samples say more about where each falls on the tooth than about growth. Each level is therefore the mean
 * over a window longer than one tooth: the window starting at `fromSecond`, and the last window of the run.
 */
export function rssGrowth(
  samplesMb: readonly number[],
  fromSecond: number,
  windowSeconds: number,
): { earlyMb: number; lateMb: number; growth: number } {
  const start = Math.max(0, fromSecond - 1);
  const width = Math.max(1, Math.min(windowSeconds, samplesMb.length - start));
  const earlyMb = mean(samplesMb.slice(start, start + width));
  const lateMb = mean(samplesMb.slice(-width));
  return { earlyMb, lateMb, growth: earlyMb > 0 ? (lateMb - earlyMb) / earlyMb : 0 };
}

export type FullCollection = { at: number; heapUsedMb: number; heapTotalMb: number };

/**
 * The heap still in use after each full collection (what the process really retains), from `from` (epoch ms) on:
 * a leak shows as a rising series here whatever the sawtooth does. Null when fewer than two collections happened.
 */
export function liveHeapGrowth(
  collections: readonly FullCollection[],
  from: number,
): { firstMb: number; lastMb: number; count: number; growth: number } | null {
  const after = collections.filter((entry) => entry.at >= from);
  const first = after[0];
  const last = after.at(-1);
  if (!first || !last || after.length < 2) return null;
  return {
    firstMb: first.heapUsedMb,
    lastMb: last.heapUsedMb,
    count: after.length,
    growth: (last.heapUsedMb - first.heapUsedMb) / first.heapUsedMb,
  };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
}
