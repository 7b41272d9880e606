import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../shared/locales/languages.ts';
import { type ChoiceOptions, createChoiceEvents } from './choice-events.ts';
import { Translator } from './translator.ts';

// Language preference (spec §9): stored locally (and on a signed-in account, applied at sign-in); otherwise the
// browser language; otherwise zh.
export const LANGUAGE_STORAGE_KEY = 'language';

// Namespace `common` answers keys without `ns:`; the language is detected once, here (no fallback language: the
// catalogues hold the same keys, locales.test.ts).
export const i18n = new Translator({ language: detectLanguage(), defaultNS: 'common' });

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the first browser language we support, else zh. */
export function detectLanguage(): Language {
  const stored = readStored();
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

// Only the language in use is downloaded (one chunk per language, all namespaces): the other half of the catalogue
// stays off the first page load. The key sets are identical (locales.test.ts), so no fallback language is needed.
const CATALOGUES: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  zh: () => import('./locale-zh.ts'),
  en: () => import('./locale-en.ts'),
};

async function loadCatalogue(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return;
  const { default: files } = await CATALOGUES[language]();
  for (const [path, resources] of Object.entries(files)) {
    const namespace = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    i18n.addResourceBundle(language, namespace, resources);
  }
}

/**
 * Namespaces only some routes use, one chunk per file and language, loaded with their route (router.tsx) instead of
 * with the first page. locale-zh.ts and locale-en.ts leave exactly these out (a test checks it).
 */
export const ROUTE_NAMESPACES = [
  // The sign-in pages' and the account menu's texts: the menu loads after the first paint (navbar.tsx).
  'auth',
  // The plans, levels and quotas: the membership, tasks and account pages, and the paid panels.
  'membership',
  'tasks',
  'account',
  'points',
  'pages',
  'compare',
  'watchlists',
  'alerts',
  'notifications',
  'search',
  'exports',
  'api',
  'database',
  'admin',
  'payments',
  'analysis',
  'teams',
  'dashboard',
  'support',
  'methodology',
  'project',
  'sectors',
  'platforms',
  'validation',
  'ingestion',
  'alerting',
  'sharing',
] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

const ROUTE_FILES = import.meta.glob<Record<string, unknown>>(
  '../../shared/locales/*/{auth,membership,tasks,account,points,pages,compare,watchlists,alerts,notifications,search,exports,api,database,admin,payments,analysis,teams,dashboard,support,methodology,project,sectors,platforms,validation,ingestion,alerting,sharing}.json',
  {
    import: 'default',
  },
);
/** Route namespaces asked for so far: a language switch loads them in the new language too. */
const wanted = new Set<RouteNamespace>();

async function loadRouteNamespaces(language: Language, namespaces: Iterable<RouteNamespace>): Promise<void> {
  const missing = [...namespaces].filter((ns) => !i18n.hasResourceBundle(language, ns));
  await Promise.all(
    missing.map(async (ns) => {
      const load = ROUTE_FILES[`../../shared/locales/${language}/${ns}.json`];
      if (!load) throw new Error(`no ${language} texts for ${ns}`);
      i18n.addResourceBundle(language, ns, await load());
    }),
  );
}

/** Loads a route's own namespaces (in the current language) before its page renders. */
export async function loadNamespaces(...namespaces: RouteNamespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await loadRouteNamespaces(currentLanguage(), namespaces);
}

/** Loads the detected language's texts; main.tsx awaits it before the first render. */
export async function initI18n(): Promise<void> {
  const language = currentLanguage();
  // A choice stored before the cookie existed: the next first load preloads its texts too.
  const stored = readStored();
  if (isLanguage(stored)) writeLanguageCookie(stored);
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
}

const chosen = createChoiceEvents<Language>();
/** Called on each language the reader picks (not on the account's value arriving). */
export const onLanguageChosen = chosen.on;

/** Switches the UI language (loading its texts first), remembers it and keeps <html lang> in step. */
export async function changeLanguage(language: Language, options: ChoiceOptions = {}): Promise<void> {
  if (!options.fromAccount) chosen.emit(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  writeLanguageCookie(language);
  await Promise.all([loadCatalogue(language), loadRouteNamespaces(language, wanted)]);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The stored choice, told to the server too: index.html then preloads that language's texts instead of the browser
 * language's (server/plugins/first-load-language.ts). Not a secret, read by no one else.
 */
function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  const pair = `${LANGUAGE_COOKIE}=${language}`;
  if (document.cookie.split('; ').includes(pair)) return;
  const cookie = `${pair}; path=/; max-age=31536000; samesite=lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve; the value is one of two fixed words
  document.cookie = window.location.protocol === 'https:' ? `${cookie}; secure` : cookie;
}

function syncHtmlLang(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

i18n.onLanguageChanged(syncHtmlLang);
syncHtmlLang(i18n.language);
