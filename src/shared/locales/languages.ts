// The UI languages, apart from the catalogue: the web app's startup code imports these without the JSON files that
// index.ts imports (a static path to every namespace file made each lazily loaded one a two-file chunk).
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/**
 * The cookie the web app writes beside its stored language choice, so the server can send the first page with that
 * language's texts preloaded (server/plugins/first-load-language.ts, web/lib/i18n.ts).
 */
export const LANGUAGE_COOKIE = 'language';
