import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { selectOrInsertServerSecret } from './server-secret.queries.ts';
import { createRandomToken } from './tokens.ts';

/**
 * The anonymous CSRF token is `<nonce>.<HMAC-SHA256(key, nonce)>`, both base64url (43 + 1 + 43 characters). A plain
 * double-submit cookie can be planted (a sibling subdomain, an http:// page on the same host): a planted value must
 * now carry the server's signature, and the Origin check below stands in for the rest.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/;

export type CsrfSigner = { issue: () => string; isValid: (token: string | undefined) => boolean };

/**
 * The signing key: derived from SECRET_KEY when it is set, else a random secret generated once and kept in
 * `server_secrets`, so every instance on one database signs alike and tokens survive restarts.
 */
export async function loadCsrfKey(db: Db, config: Config): Promise<Buffer> {
  if (config.SECRET_KEY) return createHmac('sha256', config.SECRET_KEY).update('heatrank csrf key v1').digest();
  const stored = await selectOrInsertServerSecret(db, 'csrf', createRandomToken());
  return Buffer.from(stored, 'base64url');
}

export function createCsrfSigner(key: Buffer): CsrfSigner {
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  return {
    issue: () => {
      const nonce = createRandomToken();
      return `${nonce}.${sign(nonce)}`;
    },
    isValid: (token) => {
      if (token === undefined || !TOKEN_PATTERN.test(token)) return false;
      const [nonce = '', signature = ''] = token.split('.');
      return timingSafeEqual(Buffer.from(signature), Buffer.from(sign(nonce)));
    },
  };
}

/**
 * Second layer on unsafe methods: refuses what a browser says came from another site. Sec-Fetch-Site is trusted when
 * present (only same-origin, or none = typed by the user, passes; same-site is refused too, since a sibling subdomain
 * is exactly who can plant cookies). Without it, an Origin must name this host (the Host header, or APP_URL's host:
 * Vite's dev proxy rewrites Host). Neither header → not a browser; the token decides. The scheme of Origin is not
 * compared, so TLS ending at a proxy needs no extra setting. (The same rules as Go 1.25's CrossOriginProtection.)
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin);
    // Parsed with the Origin's scheme, so "host:443" and "host" compare equal as browsers write them.
    const own = request.headers.host ? new URL(`${from.protocol}//${request.headers.host}`).host : undefined;
    const app = config.APP_URL ? new URL(config.APP_URL).host : undefined;
    return from.host !== own && from.host !== app;
  } catch {
    return true; // "null" (sandboxed frames, privacy redirects) and anything unparsable
  }
}
