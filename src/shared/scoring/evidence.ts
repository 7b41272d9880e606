import { type HeatSignals, hasValue, type SignalKey } from './types.ts';
import { EVIDENCE_SIGNAL_TOTAL, MIN_EVIDENCE_SIGNALS } from './weights.ts';

/**
 * The raw heat inputs that count as evidence, in breakdown order. The derived volume-to-market-cap ratio is not
 * one: it only restates two inputs that already count.
 */
export const EVIDENCE_SIGNAL_KEYS: readonly SignalKey[] = [
  'twitterFollowers',
  'mentions7d',
  'engagementAvg',
  'telegramMembers',
  'discordMembers',
  'marketCapUsd',
  'volume24hUsd',
  'priceChange24hPct',
  'priceChange7dPct',
  'commits52w',
  'stars',
  'forks',
  'contributors',
  'codeFrequency',
  'newsMentions',
  'googleTrends',
  'redditMentions',
];
if (EVIDENCE_SIGNAL_KEYS.length !== EVIDENCE_SIGNAL_TOTAL) throw new Error('EVIDENCE_SIGNAL_TOTAL is out of date');

/** What a project's score rests on. */
export type Evidence = {
  /** Raw heat inputs with data (finite values), 0–17. */
  count: number;
  /** How many raw inputs there are (17): "5 of 17 signals". */
  total: number;
  /** The inputs with data, in breakdown order. */
  signals: SignalKey[];
  /** The distinct sources those inputs came from (e.g. 'coingecko', 'catalogue-sample'), sorted; only recorded ones. */
  sources: string[];
  /** True when the project has enough evidence for a heat score ({@link isScored}). */
  scored: boolean;
};

/** The number of raw heat inputs with data (the hot path of a recompute: no allocation). */
export function countEvidence(signals: Pick<HeatSignals, SignalKey>): number {
  let n = 0;
  for (const key of EVIDENCE_SIGNAL_KEYS) if (hasValue(signals[key])) n++;
  return n;
}

/**
 * The minimum evidence rule: a project is scored when at least MIN_EVIDENCE_SIGNALS (2) raw heat inputs have data.
 * Below that the model would rank a project on one number or on nothing (the neutral 50), so it has no heat score
 * and sorts after every scored project.
 */
export function isScored(evidenceCount: number): boolean {
  return evidenceCount >= MIN_EVIDENCE_SIGNALS;
}

/**
 * A project's evidence: which raw inputs have data and which sources they came from. `sourceOf` names the recorded
 * source of an input (null or undefined when none is recorded; such an input still counts, see docs/heat-score.md).
 */
export function computeEvidence(
  signals: Pick<HeatSignals, SignalKey>,
  sourceOf: (key: SignalKey) => string | null | undefined = () => null,
): Evidence {
  const present = EVIDENCE_SIGNAL_KEYS.filter((key) => hasValue(signals[key]));
  const sources = new Set<string>();
  for (const key of present) {
    const source = sourceOf(key);
    if (source) sources.add(source);
  }
  return {
    count: present.length,
    total: EVIDENCE_SIGNAL_TOTAL,
    signals: present,
    sources: [...sources].sort(),
    scored: isScored(present.length),
  };
}
