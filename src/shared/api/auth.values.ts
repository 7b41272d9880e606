// The session and CSRF cookie names, without zod: the web's API client reads the CSRF cookie on every write, and the
// first load of a page carries no zod (src/server/web-startup-imports.test.ts).

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
