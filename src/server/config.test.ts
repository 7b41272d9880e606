import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 3000, ./data, embedded database, no admins', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_EMAILS: [],
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  test('parses ADMIN_EMAILS as a lower-cased list and DATABASE_URL as a Postgres URL', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ',
      DATABASE_URL: 'postgres://u@h/db',
    });

    expect(config.ADMIN_EMAILS).toEqual(['ann@example.com', 'bob@example.com']);
    expect(config.DATABASE_URL).toBe('postgres://u@h/db');
  });

  test.each([
    { raw: 'false', expected: false },
    { raw: 'true', expected: true },
    { raw: '2', expected: 2 },
    { raw: '10.0.0.1, 10.0.0.0/8', expected: ['10.0.0.1', '10.0.0.0/8'] },
  ])('TRUST_PROXY=$raw → $expected', ({ raw, expected }) => {
    expect(loadConfig({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  test('names every bad variable in one clear message', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ADMIN_EMAILS: 'not-an-email' });

    expect(bad).toThrow(/Invalid environment/);
    expect(bad).toThrow(/PORT: must be a number/);
    expect(bad).toThrow(/DATABASE_URL: must start with postgres/);
    expect(bad).toThrow(/LOG_LEVEL/);
    expect(bad).toThrow(/ADMIN_EMAILS/);
  });
});
