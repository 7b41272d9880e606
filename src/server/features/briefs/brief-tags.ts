import type { AnalysisFact, BriefSegment } from '../../../shared/api/analysis.schema.ts';

// A brief states numbers only as tags `{{<value>|<fact key>}}` (docs/analysis.md "Briefs"). This file parses a
// brief's text into segments and checks it against the facts of its prompt: a tag must name a known fact and its
// value must be that fact's value (rounded to the precision written); plain text must hold no digit at all, except
// the window names below and the names of the projects and sectors the prompt gave.

/** Window names the prompt spells out; the only digit-bearing words plain text may hold besides names. */
export const ALLOWED_TOKENS = [
  '24h',
  '7d',
  '30d',
  '24 hours',
  '7 days',
  '30 days',
  '30-day',
  '24 小时',
  '24小时',
  '7 天',
  '7天',
  '30 天',
  '30天',
] as const;

const TAG = /\{\{([^{}|]*)\|([^{}|]*)\}\}/g;
const DIGIT = /[0-9０-９]/;
const WRITTEN_NUMBER = /^([+\-−])?\s*(?:US\$|\$|¥)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(%|k|K|M|B|万|亿)?$/;
const SCALE: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, 万: 1e4, 亿: 1e8 };

/** The text split into plain runs and tags (a tag's segment text is its value as written, its fact the key). */
export function parseBriefText(text: string): BriefSegment[] {
  const segments: BriefSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), fact: null });
    segments.push({ text: (match[1] ?? '').trim(), fact: (match[2] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), fact: null });
  return segments;
}

export type WrittenNumber = {
  /** The magnitude as written, scale applied (1.2B → 1.2e9; 12.5% → 12.5). */
  magnitude: number;
  sign: '+' | '-' | null;
  percent: boolean;
  /** Half a unit of the last digit written, scale applied: how far the fact may be from the magnitude. */
  tolerance: number;
};

/** A tag's value: sign, optional currency, digits with optional thousand separators, decimals, % or a scale word. */
export function parseWrittenNumber(text: string): WrittenNumber | null {
  const match = WRITTEN_NUMBER.exec(text.trim());
  if (!match) return null;
  const [, signText, whole = '', fraction = '', suffix = ''] = match;
  const scale = SCALE[suffix] ?? 1;
  const magnitude = Number(`${whole.replaceAll(',', '')}.${fraction || '0'}`) * scale;
  return {
    magnitude,
    sign: signText === undefined ? null : signText === '+' ? '+' : '-',
    percent: suffix === '%',
    tolerance: 0.5 * 10 ** -fraction.length * scale,
  };
}

/** Whether the written number states the fact: same magnitude within the precision written, no contrary sign. */
export function matchesFact(written: WrittenNumber, fact: AnalysisFact): boolean {
  if (written.sign === '-' && !(fact.value < 0)) return false;
  if (written.sign === '+' && fact.value < 0) return false;
  const actual = Math.abs(fact.value);
  const close = (magnitude: number, tolerance: number) =>
    Math.abs(actual - magnitude) <= tolerance + 1e-9 * Math.max(1, actual);
  if (close(written.magnitude, written.tolerance)) return true;
  // A share or ratio (0.234) may be written as a percentage (23.4%).
  return (
    written.percent &&
    (fact.unit === 'share' || fact.unit === 'ratio') &&
    close(written.magnitude / 100, written.tolerance / 100)
  );
}

export type BriefCheck =
  | { ok: true; segments: BriefSegment[]; cited: string[] }
  | { ok: false; problem: string; segments: BriefSegment[] };

/**
 * Checks a model's brief against the facts its prompt held. `names` are the project/sector names the prompt gave
 * (they may hold digits: "1inch", "Layer 2"). The problem names the first fault (logged, never shown to users).
 */
export function checkBrief(text: string, facts: readonly AnalysisFact[], names: readonly string[]): BriefCheck {
  const segments = parseBriefText(text);
  const fail = (problem: string): BriefCheck => ({ ok: false, problem, segments });
  if (!segments.some((segment) => segment.text.trim() !== '')) return fail('empty');
  const byKey = new Map(facts.map((fact) => [fact.key, fact]));
  const cited: string[] = [];
  const allowed = [...names.filter((name) => /\p{L}/u.test(name)), ...ALLOWED_TOKENS].sort(
    (a, b) => b.length - a.length,
  );
  for (const segment of segments) {
    if (segment.fact === null) {
      if (/\{\{|\}\}/.test(segment.text)) return fail('malformed tag');
      const rest = allowed.reduce((out, name) => out.replaceAll(name, ' '), segment.text);
      if (DIGIT.test(rest)) return fail(`number outside a tag: ${JSON.stringify(segment.text.trim().slice(0, 80))}`);
      continue;
    }
    const fact = byKey.get(segment.fact);
    if (!fact) return fail(`unknown fact key: ${segment.fact}`);
    const written = parseWrittenNumber(segment.text);
    if (!written) return fail(`not a number: ${JSON.stringify(segment.text)} (${segment.fact})`);
    if (!matchesFact(written, fact)) return fail(`${segment.text} is not ${fact.key} (${fact.value})`);
    if (!cited.includes(fact.key)) cited.push(fact.key);
  }
  return { ok: true, segments, cited };
}

/**
 * Renders a streamed brief for `delta` events: plain text as it comes, each tag as its written value once complete
 * (a tag cut between chunks waits for its end).
 */
export function createDeltaRenderer(emit: (text: string) => void) {
  let pending = '';
  const drain = (final: boolean) => {
    let out = '';
    for (;;) {
      const open = pending.indexOf('{{');
      if (open < 0) {
        // A lone '{' at the end may start a tag.
        const keep = !final && pending.endsWith('{') ? 1 : 0;
        out += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        break;
      }
      out += pending.slice(0, open);
      const close = pending.indexOf('}}', open);
      if (close < 0) {
        pending = pending.slice(open);
        if (final) {
          out += pending;
          pending = '';
        }
        break;
      }
      const tag = pending.slice(open + 2, close);
      out += (tag.split('|')[0] ?? '').trim();
      pending = pending.slice(close + 2);
    }
    if (out) emit(out);
  };
  return {
    push(chunk: string) {
      pending += chunk;
      drain(false);
    },
    flush: () => drain(true),
  };
}
