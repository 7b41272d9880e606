// The UI languages, apart from the catalogue: the web app's startup code imports these without the JSON files that
// index.ts imports (a static path to every namespace file made each lazily loaded one a two-file chunk).
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
