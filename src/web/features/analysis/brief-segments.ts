import type { AnalysisFact, BriefSegment } from '../../../shared/api/analysis.schema.ts';

// Pure rules for rendering a brief (unit-tested; cited-text.tsx only renders what these return).

/** A run of brief text; a citation carries its fact (source, as-of, anchor) or, if the brief lacks it, only its key. */
export type BriefPart =
  | { kind: 'text'; text: string }
  | { kind: 'citation'; text: string; factKey: string; fact: AnalysisFact | null; href: string | null };

/**
 * The brief's segments as parts to render: adjacent plain runs merged, each cited run joined to its fact. A cited
 * fact with an anchor links to `#<anchor>` (a breakdown row, the scores card); one without an anchor is still marked
 * as a citation (its title names the source) but links nowhere. Empty runs are dropped.
 */
export function toBriefParts(segments: readonly BriefSegment[], facts: readonly AnalysisFact[]): BriefPart[] {
  const byKey = new Map(facts.map((fact) => [fact.key, fact]));
  const parts: BriefPart[] = [];
  for (const segment of segments) {
    if (segment.text === '') continue;
    if (segment.fact === null) {
      const last = parts.at(-1);
      if (last?.kind === 'text') last.text += segment.text;
      else parts.push({ kind: 'text', text: segment.text });
      continue;
    }
    const fact = byKey.get(segment.fact) ?? null;
    parts.push({
      kind: 'citation',
      text: segment.text,
      factKey: segment.fact,
      fact,
      href: fact?.anchor ? `#${fact.anchor}` : null,
    });
  }
  return parts;
}

/** The whole text of a brief, as the stream shows it before the cited segments replace it. */
export function briefText(segments: readonly BriefSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}

/** The fact of a key among an analysis's facts, or undefined (a figure then says only what it knows). */
export function findFact(facts: readonly AnalysisFact[], key: string): AnalysisFact | undefined {
  return facts.find((fact) => fact.key === key);
}
