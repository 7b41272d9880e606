import type { AnalysisLang, BriefSegment } from '../../../shared/api/analysis.schema.ts';

/** A piece of a template sentence: plain text, a cited number, or nothing (a number without a fact). */
export type Part = string | BriefSegment | null;
export type Sentences = Part[][];

/** Joins sentences (en: a space between them) and merges neighbouring plain runs. */
export function toSegments(sentences: Sentences, lang: AnalysisLang): BriefSegment[] {
  const out: BriefSegment[] = [];
  const push = (segment: BriefSegment) => {
    const last = out.at(-1);
    if (segment.fact === null && last && last.fact === null) last.text += segment.text;
    else out.push({ ...segment });
  };
  sentences.forEach((parts, i) => {
    if (i > 0 && lang === 'en') push({ text: ' ', fact: null });
    for (const part of parts) {
      if (part === null) continue;
      push(typeof part === 'string' ? { text: part, fact: null } : part);
    }
  });
  return out;
}
