import { describe, expect, test } from 'vitest';
import en from '../../shared/locales/en/provenance.json' with { type: 'json' };
import zh from '../../shared/locales/zh/provenance.json' with { type: 'json' };
import { sourceKeyOrUnknown } from './source-key.ts';

describe('sourceKeyOrUnknown', () => {
  test('a source the texts name is shown by its own name, in either language', () => {
    for (const names of [en.sources, zh.sources]) {
      expect(sourceKeyOrUnknown(names, 'coingecko')).toBe('coingecko');
      expect(sourceKeyOrUnknown(names, 'catalogue-sample')).toBe('catalogue-sample');
    }
  });

  test('a key the texts do not name, an inherited property or texts not loaded yet read "unknown"', () => {
    expect(sourceKeyOrUnknown(en.sources, 'some-new-feed')).toBe('unknown');
    expect(sourceKeyOrUnknown(en.sources, 'constructor')).toBe('unknown');
    expect(sourceKeyOrUnknown(en.sources, '__proto__')).toBe('unknown');
    expect(sourceKeyOrUnknown(undefined, 'coingecko')).toBe('unknown');
  });
});
