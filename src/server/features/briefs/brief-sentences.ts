import type { AnalysisLang, BriefSegment } from '../../../shared/api/analysis.schema.ts';

/** A piece of a template sentence: plain text, a cited number, or nothing (a number without a fact). */
export type Part = string | BriefSegment | null;
export type Sentences = Part[][];

const HAN = '\\p{Script=Han}';
const LATIN_AFTER_HAN = new RegExp(`(${HAN})([A-Za-z])`, 'gu');
const HAN_AFTER_LATIN = new RegExp(`([A-Za-z])(${HAN})`, 'gu');

/** zh typesetting: a space between Chinese and Latin letters ("来自 X（Twitter）粉丝"); labels' "7日" stay as written. */
export function spaceMixedText(text: string): string {
  return text.replace(LATIN_AFTER_HAN, '$1 $2').replace(HAN_AFTER_LATIN, '$1 $2');
}

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
  return lang === 'zh' ? out.map((s) => (s.fact === null ? { ...s, text: spaceMixedText(s.text) } : s)) : out;
}
