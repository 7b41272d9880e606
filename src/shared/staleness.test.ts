import { describe, expect, test } from 'vitest';
import { isMetricStale } from './staleness.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('isMetricStale', () => {
  test.each([
    {
      name: 'fresh CoinGecko value (1 h old)',
      source: { source: 'coingecko', asOf: '2026-11-21T11:00:00Z' },
      stale: false,
    },
    {
      name: 'CoinGecko value exactly 2 h old is not yet stale',
      source: { source: 'coingecko', asOf: '2026-11-21T10:00:00Z' },
      stale: false,
    },
    {
      name: 'CoinGecko value older than 2 h',
      source: { source: 'coingecko', asOf: '2026-11-21T09:59:59Z' },
      stale: true,
    },
    { name: 'X value 13 days old', source: { source: 'x', asOf: '2026-11-08T12:00:00Z' }, stale: false },
    { name: 'X value 15 days old', source: { source: 'x', asOf: '2026-11-06T11:00:00Z' }, stale: true },
    {
      name: 'a failed refresh flags the value stale',
      source: { source: 'github', asOf: '2026-11-21T11:59:00Z', stale: true },
      stale: true,
    },
    {
      name: 'catalogue sample without interval',
      source: { source: 'catalogue-sample', asOf: '2020-01-01T00:00:00Z', sample: true },
      stale: false,
    },
    { name: 'unparsable asOf', source: { source: 'defillama', asOf: 'yesterday' }, stale: true },
  ])('$name', ({ source, stale }) => {
    expect(isMetricStale(source, NOW)).toBe(stale);
  });
});
