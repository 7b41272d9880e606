import { expect, test } from 'vitest';
import { SPEC_SIGNAL_WEIGHTS } from '../../../shared/scoring/weights.ts';
import { SIGNAL_METRIC_FIELDS, toSignalSource } from './signal-fields.ts';

test('every heat signal maps to a metric field', () => {
  const unmapped = Object.keys(SPEC_SIGNAL_WEIGHTS).filter((k) => !SIGNAL_METRIC_FIELDS[k]);

  expect(unmapped).toEqual([]);
});

test('toSignalSource names the source of a breakdown entry', () => {
  const sources = { marketCap: { source: 'coingecko' }, followersTwitter: { source: 'x' } };

  expect(toSignalSource('marketCapUsd', sources)).toBe('coingecko');
  expect(toSignalSource('twitterFollowers', sources)).toBe('x');
  expect(toSignalSource('stars', sources)).toBeNull();
  expect(toSignalSource('age', sources)).toBeNull();
});
