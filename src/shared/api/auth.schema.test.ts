import { describe, expect, test } from 'vitest';
import { EmailSchema, isStrongPassword, ReturnToSchema, toDisplayName } from './auth.schema.ts';

describe('auth contract helpers', () => {
  test.each([
    { email: 'alice@example.com', expected: 'alice' },
    { email: null, expected: 'User' },
    { email: '@example.com', expected: 'User' },
  ])('the navbar name of $email is $expected', ({ email, expected }) => {
    expect(toDisplayName(email)).toBe(expected);
  });

  test.each([
    { password: 'abcdefg1', strong: true },
    { password: '密码密码密码12', strong: true },
    { password: 'abcdefgh', strong: false },
    { password: '12345678', strong: false },
    { password: 'abc1', strong: false },
  ])('password "$password" strong: $strong', ({ password, strong }) => {
    expect(isStrongPassword(password)).toBe(strong);
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
