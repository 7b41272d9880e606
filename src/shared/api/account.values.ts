import { isSafeName } from '../text/unsafe-characters.ts';

// account.schema.ts's value lists and the user's display name, without zod: the web applies the preferences and shows
// the name on every page, whose first load carries no zod (src/server/web-startup-imports.test.ts). The account and
// auth schemas build on them.

/** Up/down colours: 'red-up' (红涨绿跌, the mainland convention) or 'green-up'. */
export const PRICE_COLOURS = ['red-up', 'green-up'] as const;
export type PriceColours = (typeof PRICE_COLOURS)[number];

/** The UI languages (the same list as locales' LANGUAGES, kept here so the contract does not pull in the catalogues). */
export const PREFERENCE_LANGUAGES = ['zh', 'en'] as const;

/** Themes: light, dark, or auto (follows the system). */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** How large numbers read in Chinese: 'cjk' (万 / 亿 / 万亿) or 'western' (K / M / B / T). English is always K / M / B / T. */
export const NUMBER_STYLES = ['cjk', 'western'] as const;
export type NumberStyle = (typeof NUMBER_STYLES)[number];

/**
 * https://, a host (no user:password@ part) and a path without spaces or control characters; the scheme is checked on
 * the text itself (no URL parser: shared code runs where `URL` may differ), so javascript:, data: and http: never pass.
 */
const HTTPS_URL = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value) && isSafeName(value);
}

/** The navbar name (spec §2): the part of the e-mail before @, or 'User' when there is none. */
export function toDisplayName(email: string | null | undefined, fallback = 'User'): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : fallback;
}

/** The name shown for a user (menu, profile): the chosen display name, else the e-mail's name (spec §2), else 'User'. */
export function displayNameOf(
  person: { email: string | null; name?: string | null | undefined },
  fallback = 'User',
): string {
  return person.name?.trim() || toDisplayName(person.email, fallback);
}
