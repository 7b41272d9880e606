import { SECTORS } from '../../../shared/sectors.ts';
import type { projects } from '../../db/schema/index.ts';

// Deterministic synthetic projects for benchmarks and load tests: the same (seed, index) always yields the same row.
// Never used for the real catalogue; every row is marked is_synthetic and its metrics are labelled 'synthetic'.

const CHAINS = [
  'Ethereum',
  'Solana',
  'BNB Chain',
  'Arbitrum',
  'Base',
  'Optimism',
  'Polygon',
  'Avalanche',
  'TON',
  'Sui',
  'Aptos',
  'Tron',
];
const SYLLABLES = [
  'zen',
  'lum',
  'ora',
  'nex',
  'vol',
  'kai',
  'tri',
  'sol',
  'qua',
  'fin',
  'mir',
  'pax',
  'rho',
  'ter',
  'vex',
  'ly',
  'dex',
  'on',
  'ix',
  'ra',
];
const SUFFIXES = ['Protocol', 'Finance', 'Labs', 'Network', 'DAO', 'Swap', 'Chain', 'AI', 'World', ''];

/** mulberry32: a tiny, fast, seedable PRNG (synthetic data only). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const logUniform = (next: () => number, lo: number, hi: number) => Math.round(10 ** (lo + next() * (hi - lo)));
const maybe = <T>(next: () => number, p: number, value: () => T): T | null => (next() < p ? value() : null);

export type SyntheticRow = typeof projects.$inferInsert;

/** Row `index` (0-based) of the synthetic universe for `seed`; `now` anchors listing dates and the heat score. */
export function generateSyntheticProject(seed: number, index: number, now: Date): SyntheticRow {
  const next = prng(seed * 1_000_003 + index);
  const stem = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(next, SYLLABLES)).join('');
  const name = `${stem[0]?.toUpperCase()}${stem.slice(1)} ${pick(next, SUFFIXES)}`.trim();
  const chains = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, CHAINS)))];
  const hasToken = next() < 0.8;
  const marketCap = hasToken ? logUniform(next, 5, 11) : null;
  const volume = marketCap ? Math.round(marketCap * (0.005 + next() * 0.3)) : null;
  const followers = maybe(next, 0.9, () => logUniform(next, 2, 6.5));
  const listedAt = new Date(now.getTime() - Math.floor(next() * 6 * 365) * 86_400_000);
  next(); // was the status draw (status is now derived by the heat engine); kept so seed 42 stays the same universe
  next(); // was the verified draw: a synthetic project has no recorded verification (docs/verification.md); kept so seed 42 stays the same universe
  const signals = {
    twitterFollowers: followers,
    mentions7d: maybe(next, 0.5, () => logUniform(next, 0, 4)),
    engagementAvg: maybe(next, 0.5, () => logUniform(next, 0, 3)),
    telegramMembers: maybe(next, 0.4, () => logUniform(next, 2, 5.5)),
    discordMembers: maybe(next, 0.4, () => logUniform(next, 2, 5.5)),
    marketCapUsd: marketCap,
    volume24hUsd: volume,
    priceChange24hPct: hasToken ? Math.round((next() * 40 - 20) * 100) / 100 : null,
    priceChange7dPct: hasToken ? Math.round((next() * 80 - 40) * 100) / 100 : null,
    commits52w: maybe(next, 0.5, () => logUniform(next, 1, 4)),
    stars: maybe(next, 0.5, () => logUniform(next, 0, 4.5)),
    forks: maybe(next, 0.5, () => logUniform(next, 0, 3.5)),
    contributors: maybe(next, 0.5, () => logUniform(next, 0, 2.5)),
    codeFrequency: maybe(next, 0.5, () => logUniform(next, 1, 5)),
    newsMentions: null,
    googleTrends: null,
    redditMentions: null,
  };
  const asOf = now.toISOString();
  const source = { source: 'synthetic', asOf };
  return {
    id: `syn-${seed}-${String(index).padStart(6, '0')}`,
    name: `${name} ${index}`,
    symbol: hasToken ? stem.slice(0, 4).toUpperCase() : null,
    introEn: `Synthetic ${pick(next, SECTORS)} project for benchmarks`,
    introZh: '用于基准测试的合成项目',
    category: pick(next, SECTORS),
    chains,
    tags: ['synthetic'],
    isVerified: false,
    marketCap,
    volume24h: volume,
    priceChange24h: signals.priceChange24hPct,
    priceChange7d: signals.priceChange7dPct,
    followersTwitter: followers,
    followersTelegram: signals.telegramMembers,
    followersDiscord: signals.discordMembers,
    mentions7d: signals.mentions7d,
    engagementAvg: signals.engagementAvg,
    devCommits: signals.commits52w,
    devStars: signals.stars,
    devForks: signals.forks,
    devContributors: signals.contributors,
    devCodeFrequency: signals.codeFrequency,
    metricSources: marketCap
      ? { marketCap: source, volume24h: source, followersTwitter: source }
      : { followersTwitter: source },
    listedAt,
    isSynthetic: true,
  };
}
