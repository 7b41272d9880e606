import type { AnalysisFact, BriefSegment } from '../../../shared/api/analysis.schema.ts';

// The template brief states a number only as a citation of a fact holding exactly that value. The analytics name
// their facts (keys such as 'heat.score', 'move.day.change'); the template finds a fact by value and prefers the key
// that matches the hint and the tokens (project id, signal, window). No such fact → the number is left out.

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: true });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, useGrouping: true });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/** A fact's value as a tag's text: thousand separators, at most two decimals, % for percentages and shares. */
export function formatFactValue(fact: AnalysisFact): string {
  const v = fact.value;
  switch (fact.unit) {
    case 'percent':
      return `${oneDecimal.format(v)}%`;
    case 'share':
      return Math.abs(v) <= 1 ? `${oneDecimal.format(v * 100)}%` : `${oneDecimal.format(v)}%`;
    case 'usd':
      return `$${Math.abs(v) >= 1000 ? whole.format(v) : number.format(v)}`.replace('$-', '-$');
    case 'zscore':
    case 'points':
      return oneDecimal.format(v);
    default:
      return number.format(v);
  }
}

export type Citer = {
  /** A cited segment for `value` (a fact with exactly this value), or null when no fact holds it. */
  cite: (value: number | null | undefined, hint: RegExp, tokens?: readonly string[]) => BriefSegment | null;
  /** The keys cited so far, in order. */
  cited: () => string[];
  /** A fact's value by key (to choose words such as "above" or "below"), or null when there is no such fact. */
  valueOf: (key: string) => number | null;
};

export function createCiter(facts: readonly AnalysisFact[]): Citer {
  const used: string[] = [];
  return {
    cite(value, hint, tokens = []) {
      if (value === null || value === undefined || !Number.isFinite(value)) return null;
      const candidates = facts.filter((f) => Math.abs(f.value - value) <= 1e-9 * Math.max(1, Math.abs(value)));
      const score = (f: AnalysisFact) =>
        (hint.test(f.key) ? 2 : 0) + tokens.filter((t) => t && f.key.includes(t)).length;
      const best = candidates.reduce<AnalysisFact | null>(
        (top, f) => (top === null || score(f) > score(top) ? f : top),
        null,
      );
      if (!best || (score(best) === 0 && candidates.length > 1)) return null;
      if (!used.includes(best.key)) used.push(best.key);
      return { text: formatFactValue(best), fact: best.key };
    },
    cited: () => [...used],
    valueOf: (key) => facts.find((f) => f.key === key)?.value ?? null,
  };
}

/** The citation without its sign, for text whose words give the direction ("fell by 3.2"; the checker allows it). */
export function unsigned(segment: BriefSegment | null): BriefSegment | null {
  return segment && { ...segment, text: segment.text.replace(/^[-−+]/, '') };
}
