import { expect, test } from 'vitest';
import { toDiscordInviteCode, toTelegramChatId, toWebsiteDomain, toXUsername } from './links.ts';

test.each([
  { input: 'https://www.Aave.com/', expected: 'aave.com' },
  { input: 'app.uniswap.org/swap', expected: 'app.uniswap.org' },
  { input: null, expected: null },
  { input: 'http://', expected: null },
])('toWebsiteDomain($input) = $expected', ({ input, expected }) => {
  expect(toWebsiteDomain(input)).toBe(expected);
});

test.each([
  { input: '@aave', expected: 'aave' },
  { input: 'https://twitter.com/Uniswap', expected: 'Uniswap' },
  { input: 'https://x.com/@lido_fi?lang=en', expected: 'lido_fi' },
  { input: 'not a handle!', expected: null },
])('toXUsername($input) = $expected', ({ input, expected }) => {
  expect(toXUsername(input)).toBe(expected);
});

test.each([
  { input: 'https://t.me/aavecommunity', expected: '@aavecommunity' },
  { input: '@uniswap', expected: '@uniswap' },
  { input: 'https://t.me/joinchat', expected: null },
  { input: null, expected: null },
])('toTelegramChatId($input) = $expected', ({ input, expected }) => {
  expect(toTelegramChatId(input)).toBe(expected);
});

test.each([
  { input: 'https://discord.gg/aave', expected: 'aave' },
  { input: 'https://discord.com/invite/Uniswap', expected: 'Uniswap' },
  { input: 'https://example.com/x', expected: null },
])('toDiscordInviteCode($input) = $expected', ({ input, expected }) => {
  expect(toDiscordInviteCode(input)).toBe(expected);
});
