import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8, p=1 needs 32 MiB and ~50–100 ms per hash on one core (OWASP's minimum
// recommendation for scrypt). The parameters travel inside each hash, so they can be raised later without
// invalidating stored passwords. Format: scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>.
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

// Test runs sign up thousands of accounts: at ~100 ms of CPU a hash that was minutes of every CI run. They hash at
// N=2^10 instead (as Devise lowers `stretches` in its test environment); verification reads the cost from the hash, so
// both kinds verify anywhere. Only the test harnesses call setPasswordHashCost('test') (src/server/test/
// fast-password-hashing.ts, e2e/support); a test of the stored format switches back to 'standard'.
const TEST_SCRYPT_PARAMS = { ...SCRYPT_PARAMS, N: 2 ** 10 } as const;
let hashParams: typeof SCRYPT_PARAMS | typeof TEST_SCRYPT_PARAMS = SCRYPT_PARAMS;

export function setPasswordHashCost(cost: 'standard' | 'test'): void {
  hashParams = cost === 'test' ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
  dummyHash = undefined;
}

function deriveKey(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  // maxmem must exceed 128·N·r bytes (32 MiB here); node's default is exactly 32 MiB.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password with scrypt and a random 16-byte salt; returns the self-describing hash string. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = hashParams;
  const salt = randomBytes(saltLength);
  const key = await deriveKey(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash, never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  try {
    const saltBytes = Buffer.from(salt, 'base64url');
    const actual = await deriveKey(password, saltBytes, Number(n), Number(r), Number(p), expected.length);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false; // parameters scrypt rejects (NaN, N not a power of two, …)
  }
}

// Hashing against this when the e-mail is unknown makes a miss cost as much as a wrong password (no enumeration by
// timing). Computed once, lazily.
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
