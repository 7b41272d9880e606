import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { en, zh } from '../../shared/locales/index.ts';
import { type TranslateOptions, Translator } from './translator.ts';

// The app's own lookup against i18next itself, configured as the app configured it before (defaultNS common, no
// fallback language, values unescaped): every key of both catalogues, bare, with counts (cardinal, ordinal, zero),
// with its placeholders filled, some left out, through `ns:` prefixes and through a bound list of namespaces.

const CATALOGUES = { zh, en } as const;
type Catalogue = Record<string, Record<string, unknown>>;

const reference = i18next.createInstance();
const ours = new Translator({ language: 'zh', defaultNS: 'common' });

beforeAll(async () => {
  await reference.init({
    resources: { zh: zh as Catalogue, en: en as Catalogue },
    lng: 'zh',
    fallbackLng: false,
    supportedLngs: ['zh', 'en'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    for (const [ns, resources] of Object.entries(catalogue)) ours.addResourceBundle(language, ns, resources);
  }
});

/** Every leaf of a namespace: its dotted path and text. */
function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([name, child]) => leaves(child, prefix ? `${prefix}.${name}` : name));
}

const PLURAL = /_(zero|one|two|few|many|other|ordinal_(zero|one|two|few|many|other))$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => (m[1] ?? '').trim());

/**
 * Option sets to try on a key whose texts hold `names`: none, all filled, one left out, one given as undefined or
 * null; and, for a key with plural forms (or a count in its text), counts cardinal and ordinal.
 */
function optionSets(names: string[], plural: boolean): TranslateOptions[] {
  const filled = Object.fromEntries(names.map((n, i) => [n, i % 2 ? i * 1000 + 0.5 : `«${n}»`]));
  const sets: TranslateOptions[] = [{}, filled];
  if (names.length > 0) {
    const [first = '', ...rest] = names;
    sets.push(
      Object.fromEntries(rest.map((n) => [n, 'x'])),
      { ...filled, [first]: undefined },
      { ...filled, [first]: null },
    );
  }
  if (!plural && !names.includes('count')) return sets;
  const counts: TranslateOptions[] = [0, 1, 2, 3, 5, 11, 21, 22, 101].flatMap((count) => [
    { ...filled, count },
    { ...filled, count, ordinal: true },
  ]);
  return [...sets, ...counts];
}

describe.each(['zh', 'en'] as const)('the lookup reads the %s catalogue as i18next does', (language) => {
  test('every key, every option set, prefixed and through a bound namespace list', async () => {
    await reference.changeLanguage(language);
    await ours.changeLanguage(language);
    const differences: string[] = [];
    let compared = 0;
    for (const [ns, resources] of Object.entries(CATALOGUES[language] as Catalogue)) {
      const texts = leaves(resources);
      const keys = [...new Set(texts.map(([path]) => path.replace(PLURAL, '')))];
      for (const key of keys) {
        const names = [
          ...new Set(texts.filter(([p]) => p.replace(PLURAL, '') === key).flatMap(([, t]) => placeholders(t))),
        ];
        const fixedRef = reference.getFixedT(null, ['common', ns]);
        const fixedOurs = ours.getFixedT(null, ['common', ns]);
        const plural = texts.some(([p]) => p !== key && p.replace(PLURAL, '') === key);
        for (const options of optionSets(names, plural || keys.indexOf(key) % 25 === 0)) {
          const pairs: [string, string][] = [
            [reference.t(`${ns}:${key}`, options), ours.t(`${ns}:${key}`, options)],
            [fixedRef(key, options), fixedOurs(key, options)],
            [
              reference.t(`${ns}:${key}`, { ...options, lng: language === 'zh' ? 'en' : 'zh' }),
              ours.t(`${ns}:${key}`, { ...options, lng: language === 'zh' ? 'en' : 'zh' }),
            ],
          ];
          for (const [expected, actual] of pairs) {
            compared += 1;
            if (expected !== actual)
              differences.push(`${ns}:${key} ${JSON.stringify(options)}: ${expected} ≠ ${actual}`);
          }
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  }, 120_000);

  test('a missing key, a missing namespace, a default value and exists()', async () => {
    await reference.changeLanguage(language);
    await ours.changeLanguage(language);
    const cases: [string, TranslateOptions][] = [
      ['common:no.such.key', {}],
      ['nosuchns:a.b', {}],
      ['no.such.key', {}],
      ['no.such.key', { defaultValue: 'Fallback {{n}}', n: 3 }],
      ['no.such.key', { count: 2, defaultValue: 'Some' }],
    ];
    for (const [key, options] of cases) expect(ours.t(key, options)).toBe(reference.t(key, options));
    // Keys tried in order (fact-source.tsx): the first found answers; none found, the default or the last key.
    const keyLists: [string[], TranslateOptions][] = [
      [['analysis:signals.nope', 'heat:components.nope', 'heat:categories.market'], {}],
      [['analysis:signals.nope', 'heat:components.nope'], { defaultValue: 'nope' }],
      [['analysis:signals.nope', 'heat:components.nope'], {}],
      [['errors:NOT_FOUND', 'errors:INTERNAL'], {}],
    ];
    for (const [keys, options] of keyLists) {
      expect(ours.t(keys, options)).toBe(reference.t(keys as unknown as string, options));
    }
    expect(ours.exists('errors:NOT_FOUND')).toBe(reference.exists('errors:NOT_FOUND'));
    expect(ours.exists('errors:NO_SUCH_CODE')).toBe(false);
  });
});

test('a language change reaches listeners once, and resources merge deeply', async () => {
  const translator = new Translator({ language: 'zh', defaultNS: 'common' });
  const seen: string[] = [];
  const stop = translator.onLanguageChanged((language) => seen.push(language));
  await translator.changeLanguage('en');
  await translator.changeLanguage('en');
  stop();
  await translator.changeLanguage('zh');
  expect(seen).toEqual(['en']);

  translator.addResourceBundle('en', 'x', { a: { b: 'one', c: 'two' } });
  translator.addResourceBundle('en', 'x', { a: { c: 'three' } });
  expect(translator.t('x:a.b', { lng: 'en' })).toBe('one');
  expect(translator.t('x:a.c', { lng: 'en' })).toBe('three');
  expect(translator.hasResourceBundle('en', 'x')).toBe(true);
  expect(translator.hasResourceBundle('zh', 'x')).toBe(false);
});
