import { RISK_FLAG_CODES, type RiskFlag } from '../api/analysis.schema.ts';
import type { MetricSource } from '../api/common.schema.ts';
import { isMetricStale } from '../staleness.ts';
import { DAY_MS } from '../time/duration.ts';
import {
  FEW_AUTHORS_MIN_POSTS,
  FEW_AUTHORS_RATIO,
  NEW_LISTING_DAYS,
  SINGLE_SIGNAL_SHARE,
  THIN_LIQUIDITY_RATIO,
} from './constants.ts';
import { ANCHORS, type FactBook } from './facts.ts';

const HEAT_CATEGORIES = new Set(['social', 'market', 'development', 'news']);

/** What the risk flags of one project read. `breakdown` null: the per-input breakdown is not at hand (no singleSignal). */
export type RiskInput = {
  score: number | null;
  marketCap: number | null;
  volume24h: number | null;
  redditMentions: number | null;
  redditAuthors: number | null;
  listedAt: Date | null;
  breakdown: readonly { key: string; category: string; contribution: number }[] | null;
  metricSources: Readonly<Record<string, MetricSource | undefined>>;
};

const SEVERITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/**
 * A project's risk flags (RISK_FLAG_CODES order), each naming the facts it rests on; the facts are recorded in `facts`
 * under `prefix` ('' for a project's own analysis, 'member.<id>.' in a sector's). `now` is the data version's time.
 */
export function computeRiskFlags(input: RiskInput, now: Date, facts: FactBook, prefix = ''): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const metric = (field: string, value: number) => {
    const src = input.metricSources[field];
    const key = `${prefix}metric.${field}`;
    facts.add(key, value, field === 'marketCap' || field === 'volume24h' ? 'usd' : 'count', ANCHORS.risks, {
      source: src?.source ?? 'unknown',
      asOf: src?.asOf ?? null,
    });
    return key;
  };
  const fact = (name: string, value: number, unit: Parameters<FactBook['add']>[2], anchor: string = ANCHORS.risks) => {
    facts.add(`${prefix}${name}`, value, unit, anchor);
    return `${prefix}${name}`;
  };

  const { marketCap, volume24h } = input;
  if (marketCap !== null && volume24h !== null && marketCap > 0) {
    const ratio = volume24h / marketCap;
    if (ratio < THIN_LIQUIDITY_RATIO) {
      const severity = ratio < THIN_LIQUIDITY_RATIO / 5 ? 'high' : ratio < THIN_LIQUIDITY_RATIO / 2 ? 'medium' : 'low';
      flags.push({
        code: 'thinLiquidity',
        severity,
        params: { ratio },
        facts: [
          fact('risk.thinLiquidity.ratio', ratio, 'ratio'),
          metric('marketCap', marketCap),
          metric('volume24h', volume24h),
        ],
      });
    }
  }

  // The share is taken of the points the breakdown ADDS (the sum of its positive contributions), not of the score:
  // components that subtract (a falling price, the clamp) would push a share of the score above 100 %.
  const score = input.score;
  if (input.breakdown && score !== null && score > 0) {
    const top = input.breakdown
      .filter((e) => HEAT_CATEGORIES.has(e.category))
      .reduce<{ key: string; contribution: number } | null>(
        (best, e) => (!best || e.contribution > best.contribution ? e : best),
        null,
      );
    const positiveTotal = input.breakdown.reduce((sum, e) => sum + Math.max(0, e.contribution), 0);
    if (top && top.contribution > 0 && top.contribution > SINGLE_SIGNAL_SHARE * positiveTotal) {
      const share = top.contribution / positiveTotal;
      flags.push({
        code: 'singleSignal',
        severity: share > 0.8 ? 'high' : 'medium',
        params: { signal: top.key, share },
        facts: [
          fact('risk.singleSignal.share', share, 'share'),
          fact(`breakdown.${top.key}.contribution`, top.contribution, 'points', ANCHORS.breakdown(top.key)),
          fact('risk.singleSignal.positiveTotal', positiveTotal, 'points'),
          fact('heat.score', score, 'points', ANCHORS.scores),
        ],
      });
    }
  }

  const stale = Object.entries(input.metricSources)
    .filter((e): e is [string, MetricSource] => e[1] !== undefined && isMetricStale(e[1], now))
    .sort(([a], [b]) => a.localeCompare(b));
  if (stale.length > 0) {
    const ages = stale
      .map(([field, src]) => ({ field, src, days: (now.getTime() - Date.parse(src.asOf)) / DAY_MS }))
      .filter((a) => Number.isFinite(a.days));
    const ageKeys = ages.map((a) => {
      facts.add(`${prefix}stale.${a.field}.ageDays`, a.days, 'days', ANCHORS.risks, {
        source: a.src.source,
        asOf: a.src.asOf,
      });
      return `${prefix}stale.${a.field}.ageDays`;
    });
    const params: RiskFlag['params'] = { count: stale.length, fields: stale.map(([f]) => f).join(', ') };
    const keys = [fact('risk.staleInputs.count', stale.length, 'count')];
    if (ages.length > 0) {
      params.oldestDays = Math.max(...ages.map((a) => a.days));
      keys.push(fact('risk.staleInputs.oldestDays', params.oldestDays, 'days'));
    }
    flags.push({
      code: 'staleInputs',
      severity: stale.length >= 3 ? 'high' : 'medium',
      params,
      facts: [...keys, ...ageKeys],
    });
  }

  const { redditMentions: posts, redditAuthors: authors } = input;
  if (posts !== null && authors !== null && posts >= FEW_AUTHORS_MIN_POSTS && authors < posts * FEW_AUTHORS_RATIO) {
    const ratio = authors / posts;
    flags.push({
      code: 'fewAuthors',
      severity: ratio < 0.1 ? 'high' : 'medium',
      params: { posts, authors, ratio },
      facts: [
        fact('risk.fewAuthors.ratio', ratio, 'ratio'),
        metric('redditMentions', posts),
        metric('redditAuthors', authors),
      ],
    });
  }

  if (input.listedAt) {
    const days = Math.floor((now.getTime() - input.listedAt.getTime()) / DAY_MS);
    if (days >= 0 && days < NEW_LISTING_DAYS) {
      flags.push({
        code: 'newListing',
        severity: days < 7 ? 'medium' : 'low',
        params: { days },
        facts: [fact('risk.newListing.ageDays', days, 'days')],
      });
    }
  }
  return flags;
}

/** The flag to headline: the most severe, ties in RISK_FLAG_CODES order; null without flags. */
export function pickTopRisk(flags: readonly Pick<RiskFlag, 'code' | 'severity'>[]): RiskFlag['code'] | null {
  const sorted = [...flags].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      RISK_FLAG_CODES.indexOf(a.code) - RISK_FLAG_CODES.indexOf(b.code),
  );
  return sorted[0]?.code ?? null;
}
