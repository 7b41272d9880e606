import type { AnalysisLang } from '../../../shared/api/analysis.schema.ts';
import { translate } from '../../../shared/locales/index.ts';

// Words for what a brief names: breakdown components, heat categories, attention signals and time windows, in the
// web's own wording (the shared locale catalogue: analysis.signals, then heat.components, then heat.categories, the
// order the page's labels use), so the brief says "Market" / "市场" where the panel does, never the key "market".

const LABEL_SOURCES = ['analysis.signals', 'heat.components', 'heat.categories'] as const;

/** A signal's or breakdown component's display name in `lang`; the key itself when the catalogue has none. */
export function labelOf(key: string, lang: AnalysisLang): string {
  for (const source of LABEL_SOURCES) {
    const path = `${source}.${key}`;
    const text = translate(lang, path);
    if (text !== path) return text;
  }
  return key;
}

/** The display names of `keys` in both languages (the post-check lets their digits through: "Commits (52 weeks)"). */
export function labelsOf(keys: Iterable<string>): string[] {
  return [...new Set(keys)].flatMap((key) => [labelOf(key, 'en'), labelOf(key, 'zh')]);
}

/** A mover's window in words: "24 hours" / "24 小时", "7 days" / "7 天" (window tokens the post-check allows). */
export const WINDOW_WORDS: Record<AnalysisLang, Record<'day' | 'week', string>> = {
  en: { day: '24 hours', week: '7 days' },
  zh: { day: '24 小时', week: '7 天' },
};

/** The anomaly baseline: "its 30-day mean" / "30 天均值". */
export const MEAN_WORDS: Record<AnalysisLang, string> = { en: 'its 30-day mean', zh: '30 天均值' };

/** "A, B and C" / "A、B和C". */
export function listOf(items: readonly string[], lang: AnalysisLang): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1);
  const last = items.at(-1) as string;
  return lang === 'zh' ? `${head.join('、')}和${last}` : `${head.join(', ')} and ${last}`;
}
