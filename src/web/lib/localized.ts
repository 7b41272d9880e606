import type { LocalizedText } from '../../shared/api/common.schema.ts';

export type PickedText = { text: string; lang: 'zh' | 'en'; fallback: boolean };

/** The text in the UI language, else the other language (flagged as a fallback), else undefined. */
export function pickLocalized(value: LocalizedText | null | undefined, language: string): PickedText | undefined {
  if (!value) return undefined;
  const primary = language === 'en' ? 'en' : 'zh';
  const secondary = primary === 'en' ? 'zh' : 'en';
  const first = value[primary]?.trim();
  if (first) return { text: first, lang: primary, fallback: false };
  const second = value[secondary]?.trim();
  if (second) return { text: second, lang: secondary, fallback: true };
  return undefined;
}

/** BCP 47 tag for a lang attribute. */
export const htmlLang = (lang: 'zh' | 'en'): string => (lang === 'zh' ? 'zh-CN' : 'en');
