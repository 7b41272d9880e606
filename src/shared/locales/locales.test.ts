import { describe, expect, test } from 'vitest';
import { en, pickLanguage, translate, zh } from './index.ts';

function flattenKeys(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) return out.set(prefix, node);
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of flattenKeys(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

describe('locale catalogue', () => {
  const enKeys = flattenKeys(en);
  const zhKeys = flattenKeys(zh);

  test('zh and en have identical key sets', () => {
    const missingInZh = [...enKeys.keys()].filter((k) => !zhKeys.has(k));
    const missingInEn = [...zhKeys.keys()].filter((k) => !enKeys.has(k));

    expect({ missingInZh, missingInEn }).toEqual({ missingInZh: [], missingInEn: [] });
  });

  test('no value is empty and every value is a string', () => {
    const bad = [...enKeys, ...zhKeys].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);

    expect(bad).toEqual([]);
  });

  test('interpolation placeholders match between languages', () => {
    const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys].filter(([k, v]) => placeholders(v).join() !== placeholders(zhKeys.get(k)).join());

    expect(mismatched.map(([k]) => k)).toEqual([]);
  });
});

describe('pickLanguage', () => {
  test.each([
    { explicit: undefined, header: undefined, expected: 'zh' },
    { explicit: 'en', header: 'zh-CN', expected: 'en' },
    { explicit: 'fr', header: 'en-US,en;q=0.9', expected: 'en' },
    { explicit: undefined, header: 'fr-FR, en;q=0.5, zh;q=0.8', expected: 'zh' },
    { explicit: undefined, header: 'de-DE', expected: 'zh' },
  ])('$explicit / $header → $expected', ({ explicit, header, expected }) => {
    expect(pickLanguage(explicit, header)).toBe(expected);
  });
});

test('translate interpolates params and falls back to the key', () => {
  expect(translate('en', 'errors.PROJECT_NOT_FOUND', { id: 'x' })).toBe('Project "x" not found');
  expect(translate('zh', 'errors.ADMIN_REQUIRED')).toBe('需要管理员权限');
  expect(translate('en', 'errors.NOPE')).toBe('errors.NOPE');
});
