import { describe, expect, test } from 'vitest';
import { toDisplayName } from './account.values.ts';
import { EmailSchema, isLongEnoughPassword, ReturnToSchema } from './auth.schema.ts';

describe('auth contract helpers', () => {
  test.each([
    { email: 'alice@example.com', expected: 'alice' },
    { email: null, expected: 'User' },
    { email: '@example.com', expected: 'User' },
  ])('the navbar name of $email is $expected', ({ email, expected }) => {
    expect(toDisplayName(email)).toBe(expected);
  });

  test.each([
    { password: 'abcdefghijkl', strong: true },
    { password: '密码密码密码密码密码密码', strong: true },
    { password: 'abcdefghij1', strong: false },
    { password: '密码密码密码密码密码1', strong: false },
    { password: 'abc1', strong: false },
  ])('password "$password" long enough: $strong', ({ password, strong }) => {
    expect(isLongEnoughPassword(password)).toBe(strong);
  });

  test.each([
    { input: '/membership?tab=vip', expected: '/membership?tab=vip' },
    { input: '//evil.example', expected: '/' },
    { input: '/\\evil.example', expected: '/' },
    { input: 'https://evil.example', expected: '/' },
    { input: 'javascript:alert(1)', expected: '/' },
  ])('returnTo $input becomes $expected', ({ input, expected }) => {
    expect(ReturnToSchema.parse(input)).toBe(expected);
  });

  test('e-mails are trimmed and lower-cased', () => {
    expect(EmailSchema.parse('  Bob@Example.COM ')).toBe('bob@example.com');
  });
});
