import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('scrypt passwords', () => {
  test('a hash verifies its password only, and two hashes of one password differ (salt)', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret-pass'), hashPassword('s3cret-pass')]);

    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret-pass', a)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', a)).toBe(false);
  });

  test.each(['', 'bcrypt$x', 'scrypt$32768$8$1$salt', 'scrypt$x$y$z$a$b'])(
    'a malformed hash %j is a mismatch, not a crash',
    async (stored) => {
      expect(await verifyPassword('anything', stored).catch(() => 'threw')).toBe(false);
    },
  );
});
