// The auth contract's plain values (no zod): the web's first page load reads them without the schemas
// (auth.schema.ts re-exports them, so the server keeps one import).

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'hr_csrf';
export const SESSION_COOKIE = 'hr_session';
/**
 * Over https the session and CSRF cookies are named `__Host-hr_session` / `__Host-hr_csrf`: browsers then insist on
 * Secure, Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot set or shadow them.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The name a cookie has on the wire: prefixed with __Host- when the site is served over https. */
export function toCookieName(name: string, secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
}

/** The navbar name (spec §2): the part of the e-mail before @, or 'User' when there is none. */
export function toDisplayName(email: string | null | undefined, fallback = 'User'): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : fallback;
}
