import { expect, test } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-crypto.ts';

const KEY = 'k'.repeat(32);

test('round-trips a secret and never stores the plaintext', () => {
  const stored = encryptSecret('bearer-AAAA', KEY);

  expect(stored).toMatch(/^v1\./);
  expect(stored).not.toContain('bearer-AAAA');
  expect(decryptSecret(stored, KEY)).toBe('bearer-AAAA');
});

test('uses a fresh IV per encryption', () => {
  expect(encryptSecret('same', KEY)).not.toBe(encryptSecret('same', KEY));
});

test('rejects a wrong key and a tampered value', () => {
  const stored = encryptSecret('secret', KEY);
  const tampered = `${stored.slice(0, -4)}AAAA`;

  expect(() => decryptSecret(stored, 'x'.repeat(32))).toThrow();
  expect(() => decryptSecret(tampered, KEY)).toThrow();
});

test('refuses a short key', () => {
  expect(() => encryptSecret('secret', 'short')).toThrow(/32 characters/);
});
