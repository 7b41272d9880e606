import { describe, expect, test } from 'vitest';
import { FactBook } from './facts.ts';
import { computeRiskFlags, pickTopRisk, type RiskInput } from './risk-flags.ts';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const fresh = { source: 'coingecko', asOf: '2026-11-30T11:30:00.000Z' };
const healthy: RiskInput = {
  score: 60,
  marketCap: 1e9,
  volume24h: 1e8,
  redditMentions: 50,
  redditAuthors: 40,
  listedAt: new Date('2020-01-01T00:00:00.000Z'),
  breakdown: [
    { key: 'marketCapUsd', category: 'market', contribution: 20 },
    { key: 'twitterFollowers', category: 'social', contribution: 20 },
    { key: 'neutral', category: 'base', contribution: 20 },
  ],
  metricSources: { marketCap: fresh, volume24h: fresh },
};
const run = (over: Partial<RiskInput>) => {
  const facts = new FactBook(NOW.toISOString());
  const flags = computeRiskFlags({ ...healthy, ...over }, NOW, facts);
  return { flags, facts: facts.list() };
};

describe('risk flags', () => {
  test('a healthy project has none', () => {
    expect(run({}).flags).toEqual([]);
  });

  test('thin liquidity: volume under 1 % of the market cap, with the ratio and both metrics as facts', () => {
    const { flags, facts } = run({ volume24h: 1e6 });

    expect(flags).toEqual([
      {
        code: 'thinLiquidity',
        severity: 'high',
        params: { ratio: 0.001 },
        facts: ['risk.thinLiquidity.ratio', 'metric.marketCap', 'metric.volume24h'],
      },
    ]);
    expect(facts.find((f) => f.key === 'metric.marketCap')).toMatchObject({ source: 'coingecko', asOf: fresh.asOf });
  });

  test('single signal: one input above 60 % of the heat', () => {
    const breakdown = [
      { key: 'redditMentions', category: 'news', contribution: 45 },
      { key: 'neutral', category: 'base', contribution: 15 },
    ];
    const { flags, facts } = run({ breakdown });

    expect(flags[0]).toMatchObject({ code: 'singleSignal', params: { signal: 'redditMentions', share: 0.75 } });
    expect(facts.find((f) => f.key === 'breakdown.redditMentions.contribution')?.anchor).toBe(
      'breakdown-redditMentions',
    );
  });

  test('single signal: the share is of the positive points, so it stays within 0–100 % when others subtract', () => {
    const breakdown = [
      { key: 'priceChange7dPct', category: 'market', contribution: 43 },
      { key: 'priceChange24hPct', category: 'market', contribution: -6 },
      { key: 'neutral', category: 'base', contribution: 7 },
      { key: 'clamp', category: 'adjustment', contribution: -4 },
    ];
    const { flags, facts } = run({ score: 40, breakdown });
    const flag = flags.find((f) => f.code === 'singleSignal');

    // 43 of the 50 positive points (not 43 / 40 = 107.5 % of the score).
    expect(flag).toMatchObject({ severity: 'high', params: { signal: 'priceChange7dPct', share: 0.86 } });
    expect(flag?.facts).toContain('risk.singleSignal.positiveTotal');
    expect(facts.find((f) => f.key === 'risk.singleSignal.positiveTotal')).toMatchObject({ value: 50, unit: 'points' });
    for (const over of [{ score: 1 }, { score: 500 }]) {
      const share = run({ ...over, breakdown }).flags.find((f) => f.code === 'singleSignal')?.params.share;
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(1);
    }
  });

  test('stale inputs: older than twice the source interval, or flagged stale', () => {
    const metricSources = {
      ...healthy.metricSources,
      devStars: { source: 'github', asOf: '2026-11-27T12:00:00.000Z' },
      tvl: { source: 'defillama', asOf: '2026-11-30T10:00:00.000Z', stale: true },
    };
    const { flags, facts } = run({ metricSources });

    expect(flags[0]).toMatchObject({
      code: 'staleInputs',
      params: { count: 2, fields: 'devStars, tvl', oldestDays: 3 },
    });
    expect(facts.find((f) => f.key === 'stale.devStars.ageDays')).toMatchObject({ value: 3, source: 'github' });
  });

  test('few authors: many posts from few distinct authors; new listing: within 30 days', () => {
    const { flags } = run({ redditMentions: 100, redditAuthors: 2, listedAt: new Date('2026-11-20T12:00:00.000Z') });

    expect(flags.map((f) => [f.code, f.params])).toEqual([
      ['fewAuthors', { posts: 100, authors: 2, ratio: 0.02 }],
      ['newListing', { days: 10 }],
    ]);
    expect(pickTopRisk(flags)).toBe('fewAuthors');
  });

  test('every numeric param is a fact the flag names', () => {
    const { flags, facts } = run({ volume24h: 1e6, redditMentions: 100, redditAuthors: 2 });
    const values = new Map(facts.map((f) => [f.key, f.value]));

    for (const flag of flags) {
      const named = flag.facts.map((k) => values.get(k));
      for (const v of Object.values(flag.params)) if (typeof v === 'number') expect(named).toContain(v);
    }
  });
});
