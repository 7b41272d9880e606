import { describe, expect, test } from 'vitest';
import { cosineSimilarity, rankSimilar, type SimilarityProfile, toVector } from './similarity.ts';

const profile = (projectId: string, over: Partial<SimilarityProfile> = {}): SimilarityProfile => ({
  projectId,
  name: projectId,
  sector: 'DeFi',
  chains: ['Ethereum'],
  tags: [],
  signals: {},
  ...over,
});

const uni = profile('uni', {
  chains: ['Ethereum', 'Arbitrum'],
  tags: ['dex', 'amm'],
  signals: { marketCap: 5e9, volume24h: 2e8, followersTwitter: 1e6 },
});
const twin = profile('sushi', {
  chains: ['Ethereum', 'Arbitrum'],
  tags: ['dex', 'amm'],
  signals: { marketCap: 4e9, volume24h: 1.5e8, followersTwitter: 8e5 },
});
const lender = profile('aave', { chains: ['Ethereum'], tags: ['lending'], signals: { marketCap: 3e9 } });
const game = profile('axie', { sector: 'Gaming', chains: ['Ronin'], tags: ['nft'], signals: { marketCap: 1e6 } });

describe('similar projects', () => {
  test('similarity is symmetric', () => {
    for (const [a, b] of [
      [uni, twin],
      [uni, game],
      [lender, game],
    ] as const) {
      expect(cosineSimilarity(toVector(a), toVector(b))).toBeCloseTo(cosineSimilarity(toVector(b), toVector(a)), 12);
    }
  });

  test('an obvious twin ranks first, with the shared traits named', () => {
    const similar = rankSimilar(uni, [game, lender, twin]);

    expect(similar[0]).toMatchObject({
      projectId: 'sushi',
      shared: { sector: 'DeFi', chains: ['Arbitrum', 'Ethereum'], tags: ['amm', 'dex'] },
    });
    expect(similar[0]?.shared.signals).toEqual(['marketCap', 'volume24h', 'followersTwitter']);
    expect(similar.map((s) => s.projectId)).toEqual(['sushi', 'aave', 'axie']);
    expect(similar[0]?.similarity).toBeGreaterThan(0.95);
  });

  test('a project is never similar to itself, and at most 5 are listed', () => {
    const many = Array.from({ length: 8 }, (_, i) => profile(`p${i}`, { tags: ['dex'] }));
    const similar = rankSimilar(uni, [uni, ...many]);

    expect(similar.map((s) => s.projectId)).not.toContain('uni');
    expect(similar).toHaveLength(5);
  });
});
