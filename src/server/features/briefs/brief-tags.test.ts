import { describe, expect, test } from 'vitest';
import type { AnalysisFact } from '../../../shared/api/analysis.schema.ts';
import { checkBrief, createDeltaRenderer, matchesFact, parseBriefText, parseWrittenNumber } from './brief-tags.ts';

const fact = (key: string, value: number, unit: AnalysisFact['unit'] = 'points'): AnalysisFact => ({
  key,
  value,
  unit,
  source: 'heatrank',
  asOf: null,
  anchor: null,
});
const FACTS = [
  fact('heat.score', 72.4),
  fact('move.day.change', -3.16),
  fact('market.cap', 4_512_345_678, 'usd'),
  fact('volume.24h', 1_234_567.891, 'usd'),
  fact('change.percent', 12.5, 'percent'),
  fact('sector.share', 0.234, 'share'),
  fact('risk.ratio', 0.004, 'ratio'),
  fact('anomaly.z', 4.73, 'zscore'),
];
const check = (text: string, names: string[] = []) => checkBrief(text, FACTS, names);

describe('parseBriefText', () => {
  test('splits plain runs and tags; a tag keeps its written value and its key', () => {
    expect(parseBriefText('Heat is {{72.4|heat.score}}, down {{ 3.2 | move.day.change }}.')).toEqual([
      { text: 'Heat is ', fact: null },
      { text: '72.4', fact: 'heat.score' },
      { text: ', down ', fact: null },
      { text: '3.2', fact: 'move.day.change' },
      { text: '.', fact: null },
    ]);
  });
  test('Chinese text around tags', () => {
    expect(parseBriefText('热度为{{72.4|heat.score}}，较昨日下降{{3.16|move.day.change}}分。')).toEqual([
      { text: '热度为', fact: null },
      { text: '72.4', fact: 'heat.score' },
      { text: '，较昨日下降', fact: null },
      { text: '3.16', fact: 'move.day.change' },
      { text: '分。', fact: null },
    ]);
  });
});

describe('parseWrittenNumber', () => {
  test.each([
    ['72.4', 72.4, null, 0.05],
    ['-3.2', 3.2, '-', 0.05],
    ['−3.2', 3.2, '-', 0.05],
    ['+5', 5, '+', 0.5],
    ['1,234,567.89', 1_234_567.89, null, 0.005],
    ['$4,512,345,678', 4_512_345_678, null, 0.5],
    ['4.5B', 4.5e9, null, 0.05e9],
    ['45.1亿', 45.1e8, null, 0.05e8],
    ['12.5%', 12.5, null, 0.05],
  ])('%s', (text, magnitude, sign, tolerance) => {
    const parsed = parseWrittenNumber(text);
    expect(parsed?.magnitude).toBeCloseTo(magnitude, 6);
    expect(parsed?.sign).toBe(sign);
    expect(parsed?.tolerance).toBeCloseTo(tolerance, 9);
  });
  test.each(['abc', '1,23', '12..5', '3 apples', '', '1,2345'])('not a number: %j', (text) => {
    expect(parseWrittenNumber(text)).toBeNull();
  });
});

describe('matchesFact: the fact rounded to the precision written', () => {
  const m = (text: string, f: AnalysisFact) => matchesFact(parseWrittenNumber(text)!, f);
  test('rounding', () => {
    expect(m('72', fact('a', 72.4))).toBe(true);
    expect(m('72.4', fact('a', 72.4))).toBe(true);
    expect(m('72.5', fact('a', 72.4))).toBe(false);
    expect(m('73', fact('a', 72.4))).toBe(false);
    expect(m('4.5B', fact('a', 4_512_345_678))).toBe(true);
    expect(m('4.6B', fact('a', 4_512_345_678))).toBe(false);
    expect(m('1,234,568', fact('a', 1_234_567.891))).toBe(true);
  });
  test('signs: dropped is fine (the words give the direction), contrary is not', () => {
    expect(m('3.16', fact('a', -3.16))).toBe(true);
    expect(m('-3.16', fact('a', -3.16))).toBe(true);
    expect(m('+3.16', fact('a', -3.16))).toBe(false);
    expect(m('-3.16', fact('a', 3.16))).toBe(false);
  });
  test('percentages: a percent fact as is; a share or ratio also as its percentage', () => {
    expect(m('12.5%', fact('a', 12.5, 'percent'))).toBe(true);
    expect(m('23.4%', fact('a', 0.234, 'share'))).toBe(true);
    expect(m('23%', fact('a', 0.234, 'share'))).toBe(true);
    expect(m('24%', fact('a', 0.234, 'share'))).toBe(false);
    expect(m('0.4%', fact('a', 0.004, 'ratio'))).toBe(true);
    expect(m('0.125%', fact('a', 12.5, 'percent'))).toBe(false);
  });
});

describe('checkBrief', () => {
  test('a grounded brief passes and lists its citations once each', () => {
    const result = check(
      'Uniswap has a heat of {{72.4|heat.score}} after falling {{3.2|move.day.change}} points over 24h. Its market cap is {{$4.5B|market.cap}}, its heat {{72|heat.score}}.',
      ['Uniswap'],
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.cited).toEqual(['heat.score', 'move.day.change', 'market.cap']);
  });
  test('Chinese, negative numbers, percentages and thousand separators', () => {
    const result = check(
      '该项目热度为{{72.4|heat.score}}，24h 下降了{{-3.16|move.day.change}}分；板块占比{{23.4%|sector.share}}，成交额{{1,234,567.89|volume.24h}}美元，市值约{{45.1亿|market.cap}}美元，z 值{{4.7|anomaly.z}}。',
    );
    expect(result).toMatchObject({ ok: true });
  });
  test('an unknown fact key is rejected', () => {
    expect(check('Heat {{72.4|heat.value}}.')).toMatchObject({ ok: false, problem: 'unknown fact key: heat.value' });
  });
  test('a value that is not the fact is rejected', () => {
    expect(check('Heat {{75|heat.score}}.')).toMatchObject({ ok: false });
    expect(check('Change {{+3.16|move.day.change}}.')).toMatchObject({ ok: false });
    expect(check('Heat {{high|heat.score}}.')).toMatchObject({ ok: false });
  });
  test.each([
    'Heat is 72.4 today.',
    'Heat {{72.4|heat.score}} is up 5% today.',
    '热度为72.4。',
    '热度为７２。',
    'Rank 3 of all.',
    'It rose over 48h.',
    'Heat {{72.4|heat.score}} vs {{72.4|heat.score}}0',
  ])('a number outside a tag is rejected: %j', (text) => {
    expect(check(text)).toMatchObject({ ok: false });
  });
  test('window names and the names the prompt gave may hold digits', () => {
    expect(check('Over 24h and 7d, against the 30d mean, 1inch leads Layer 2.', ['1inch', 'Layer 2'])).toMatchObject({
      ok: true,
    });
    expect(check('过去 24h、7 天与 30天 内 1inch 领先。', ['1inch'])).toMatchObject({ ok: true });
    expect(check('1inch is up.', [])).toMatchObject({ ok: false });
    // A "name" that is only digits would excuse that number anywhere: ignored.
    expect(check('It rose 100 points.', ['100'])).toMatchObject({ ok: false });
  });
  test('malformed tags and empty text are rejected', () => {
    expect(check('Heat {{72.4 heat.score}}.')).toMatchObject({ ok: false });
    expect(check('Heat {{72.4|heat.score}.')).toMatchObject({ ok: false });
    expect(check('   ')).toMatchObject({ ok: false, problem: 'empty' });
  });
});

describe('createDeltaRenderer', () => {
  test('tags cut between chunks come out as their number; plain text as it comes', () => {
    const out: string[] = [];
    const renderer = createDeltaRenderer((text) => out.push(text));
    for (const chunk of ['Heat is {', '{72.', '4|heat.sc', 'ore}} now', ', 热度{{3|a}}', '。']) renderer.push(chunk);
    renderer.flush();
    expect(out.join('')).toBe('Heat is 72.4 now, 热度3。');
    expect(out[0]).toBe('Heat is ');
  });
  test('an unfinished tag is flushed as written', () => {
    const out: string[] = [];
    const renderer = createDeltaRenderer((text) => out.push(text));
    renderer.push('Heat {{72');
    renderer.flush();
    expect(out.join('')).toBe('Heat {{72');
  });
});
