import type {
  AnalysisFact,
  BriefInputs,
  MarketAnalysisResponse,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../shared/api/analysis.schema.ts';

// Constructed analysis answers (typed by the contract) for the brief tests: known facts, known findings.

const AS_OF = '2026-11-24T12:00:00.000Z';
const fact = (key: string, value: number, unit: AnalysisFact['unit'], source = 'heatrank'): AnalysisFact => ({
  key,
  value,
  unit,
  source,
  asOf: AS_OF,
  anchor: null,
});

/** Live inputs (no age to state), and the built-in sample 517 days old (its age a fact, as brief-context.ts adds). */
export const LIVE_INPUTS: BriefInputs = { kind: 'live', asOf: AS_OF, ageDays: 0 };
export const SAMPLE_INPUTS: BriefInputs = { kind: 'sample', asOf: '2025-06-30T00:00:00.000Z', ageDays: 517 };
export const SAMPLE_AGE_FACT: AnalysisFact = { ...fact('inputs.ageDays', 517, 'days', 'catalogue-sample') };

/** What brief-context.ts adds for a project: its sector median (of 12) and its 30-day range over 9 days. */
export const CONTEXT_FACTS: AnalysisFact[] = [
  fact('context.sectorMedian', 41.25, 'points'),
  fact('context.sectorProjects', 12, 'count'),
  fact('context.range30d.days', 9, 'days'),
  fact('context.range30d.low', 38.5, 'points'),
  fact('context.range30d.high', 80.1, 'points'),
];

export function projectAnalysis(id = 'uniswap', name = 'Uniswap', dataVersion = AS_OF): ProjectAnalysisResponse {
  return {
    projectId: id,
    name,
    dataVersion,
    computedAt: AS_OF,
    summary: {
      heat: 72.4,
      change24h: 5.25,
      change7d: -3.1,
      anomalyCount: 1,
      riskFlagCount: 1,
      topRisk: 'thinLiquidity',
    },
    full: {
      movers: {
        day: {
          projectId: id,
          name,
          window: 'day',
          from: 67.15,
          to: 72.4,
          change: 5.25,
          since: '2026-11-23T12:00:00.000Z',
          drivers: [{ key: 'twitterFollowers', current: 20, previous: 16, delta: 4 }],
        },
        week: null,
      },
      anomalies: [
        {
          projectId: id,
          name,
          signal: 'mentions',
          value: 1840,
          mean: 420,
          stdDev: 300,
          zScore: 4.73,
          direction: 'up',
          at: AS_OF,
        },
      ],
      riskFlags: [
        { code: 'thinLiquidity', severity: 'high', params: { ratio: 0.004 }, facts: ['risk.thinLiquidity.ratio'] },
      ],
      similar: [
        {
          projectId: 'sushi',
          name: 'SushiSwap',
          similarity: 0.93,
          shared: { sector: 'DeFi', chains: ['ethereum'], tags: ['dex'], signals: ['tvl'] },
        },
        {
          projectId: '1inch',
          name: '1inch',
          similarity: 0.88,
          shared: { sector: 'DeFi', chains: ['ethereum'], tags: [], signals: [] },
        },
      ],
    },
    locked: null,
    facts: [
      fact('heat.score', 72.4, 'points'),
      fact('move.day.change', 5.25, 'points'),
      fact('move.week.change', -3.1, 'points'),
      fact('move.day.driver.twitterFollowers', 4, 'points'),
      fact('market.cap', 4_512_345_678, 'usd', 'coingecko'),
      fact('risk.thinLiquidity.ratio', 0.004, 'ratio'),
      fact('anomaly.mentions.zScore', 4.73, 'zscore'),
      fact('breakdown.twitterFollowers.contribution', 20, 'points'),
      fact('move.day.share', 0.125, 'share'),
      fact('similar.sushi.similarity', 0.93, 'ratio'),
    ],
  };
}

export function emptyProjectAnalysis(id = 'newcoin', name = 'NewCoin'): ProjectAnalysisResponse {
  return {
    projectId: id,
    name,
    dataVersion: 'none',
    computedAt: AS_OF,
    summary: { heat: null, change24h: null, change7d: null, anomalyCount: 0, riskFlagCount: 0, topRisk: null },
    full: { movers: { day: null, week: null }, anomalies: [], riskFlags: [], similar: [] },
    locked: null,
    facts: [],
  };
}

export function sectorAnalysis(): SectorAnalysisResponse {
  return {
    sectorId: 'defi',
    name: 'DeFi',
    dataVersion: AS_OF,
    computedAt: AS_OF,
    summary: {
      heat: 61.2,
      change24h: 1.5,
      change7d: 2,
      anomalyCount: 0,
      riskFlagCount: 0,
      topRisk: null,
      share: 0.234,
      shareChange7d: -0.012,
    },
    full: {
      movers: [
        {
          projectId: 'uniswap',
          name: 'Uniswap',
          window: 'day',
          from: 67.15,
          to: 72.4,
          change: 5.25,
          since: AS_OF,
          drivers: [],
        },
      ],
      anomalies: [],
      riskFlags: [],
    },
    locked: null,
    facts: [
      fact('sector.heat', 61.2, 'points'),
      fact('sector.share', 0.234, 'share'),
      fact('sector.shareChange7d', -0.012, 'share'),
      fact('sector.shareBefore7d', 0.246, 'share'),
      fact('move.uniswap.day.change', 5.25, 'points'),
    ],
  };
}

export function marketAnalysis(): MarketAnalysisResponse {
  const mover = (id: string, name: string, change: number, window: 'day' | 'week') => ({
    projectId: id,
    name,
    window,
    from: 50,
    to: 50 + change,
    change,
    since: AS_OF,
    drivers: [],
  });
  return {
    dataVersion: AS_OF,
    computedAt: AS_OF,
    movers: {
      day: { up: [mover('uniswap', 'Uniswap', 5.25, 'day')], down: [mover('aave', 'Aave', -4.5, 'day')] },
      week: { up: [], down: [] },
    },
    rotation: [
      { sectorId: 'defi', name: 'DeFi', shareNow: 0.3, shareBefore: 0.25, shareChange: 0.05 },
      { sectorId: 'l2', name: 'Layer 2', shareNow: 0.2, shareBefore: 0.25, shareChange: -0.05 },
    ],
    anomalies: [],
    history: { firstRunAt: '2026-11-14T12:00:00.000Z', days: 10 },
    facts: [
      fact('move.day.uniswap.change', 5.25, 'points'),
      fact('move.day.aave.change', -4.5, 'points'),
      fact('rotation.defi.shareChange', 0.05, 'share'),
      fact('rotation.l2.shareChange', -0.05, 'share'),
      fact('rotation.defi.shareNow', 0.3, 'share'),
      fact('rotation.defi.shareBefore', 0.25, 'share'),
      fact('rotation.l2.shareNow', 0.2, 'share'),
      fact('rotation.l2.shareBefore', 0.25, 'share'),
    ],
  };
}
