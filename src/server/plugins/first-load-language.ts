import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pickLanguage } from '../../shared/locales/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../shared/locales/languages.ts';

// index.html asks for the UI texts with the startup code (a modulepreload, vite.config.ts) so the first render does
// not wait one more round trip for them. The build can name only one language there, zh; an English reader then
// downloaded the zh texts for nothing and fetched the en ones after the startup code had run. The server picks the
// language the app will pick (web/lib/i18n.ts detectLanguage): the reader's choice (the `language` cookie the app
// writes beside its stored choice), else the first supported browser language, else zh.

const STORED_CHOICE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`);

/**
 * The language the web app will start in, read from the request's Cookie and Accept-Language headers: the server's
 * own choice of language (pickLanguage: a stored zh or en, else Accept-Language by rank, else zh).
 */
export function firstLoadLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  return pickLanguage(STORED_CHOICE.exec(headers.cookie ?? '')?.[1], headers['accept-language']);
}

export type IndexVariant = { html: string; etag: string };

/**
 * index.html for each language whose texts it should preload, built once from the built page and Vite's manifest.
 * The built page itself (zh) is sent as the file it is; null when the build has no texts chunk to swap (a test's
 * page, a build without a manifest).
 */
export function indexVariants(root: string): Partial<Record<Language, IndexVariant>> | null {
  const manifestPath = join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file?: string }>;
  const fileOf = (language: Language) =>
    Object.entries(manifest).find(([key]) => key.endsWith(`lib/locale-${language}.ts`))?.[1].file;
  const built = readFileSync(join(root, 'index.html'), 'utf8');
  const zhFile = fileOf(DEFAULT_LANGUAGE);
  if (!zhFile || !built.includes(`href="/${zhFile}"`)) return null;
  const variants: Partial<Record<Language, IndexVariant>> = {};
  for (const language of LANGUAGES) {
    const file = fileOf(language);
    if (language === DEFAULT_LANGUAGE || !file) continue;
    const html = built.replace(`href="/${zhFile}"`, `href="/${file}"`);
    variants[language] = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
  }
  return variants;
}
