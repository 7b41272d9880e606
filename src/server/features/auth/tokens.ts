import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token with 256 bits of entropy (session cookies, CSRF, one-time links, OAuth state). */
export function createRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: what the database stores, so a leaked table holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time string equality (false for different lengths, without comparing content). */
export function isSameSecret(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
