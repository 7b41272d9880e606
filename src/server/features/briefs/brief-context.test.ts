import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { heatHistory } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProjects } from '../watchlists/watchlists.test-support.ts';
import { briefInputsOf, inputFacts, projectContextFacts } from './brief-context.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');

describe('brief context: what the table does not show', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    // Four DeFi projects scored 10, 20, 40, 90 (median 30) and one unscored; alpha's history over 40 days.
    await insertProjects(t.db, [
      { id: 'alpha', heat: 40 },
      { id: 'beta', heat: 10 },
      { id: 'gamma', heat: 20 },
      { id: 'delta', heat: 90 },
      { id: 'unscored' },
    ]);
    const row = (daysAgo: number, score: number) => ({
      entityType: 'project' as const,
      entityId: 'alpha',
      computedAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
      score,
      model: 'heat-v1',
    });
    // 35 days ago is outside the 30-day range; two rows on one day count as one day.
    await t.db.insert(heatHistory).values([row(35, 99), row(20, 30), row(10, 55), row(10.1, 60), row(1, 40)]);
  });
  afterAll(() => t.close());

  test('the sector median over scored projects, and the 30-day low, high and days of history, as facts', async () => {
    const facts = await projectContextFacts(t.db, 'alpha', NOW);
    const byKey = Object.fromEntries(facts.map((f) => [f.key, f.value]));
    expect(byKey).toEqual({
      'context.sectorMedian': 30,
      'context.sectorProjects': 4,
      'context.range30d.days': 3,
      'context.range30d.low': 30,
      'context.range30d.high': 60,
    });
    expect(facts.every((f) => f.source === 'heatrank' && f.asOf === NOW.toISOString())).toBe(true);
  });

  test('with under two days of history there is no range, only the count of days', async () => {
    const facts = await projectContextFacts(t.db, 'beta', NOW);
    expect(facts.map((f) => [f.key, f.value])).toEqual([
      ['context.sectorMedian', 30],
      ['context.sectorProjects', 4],
      ['context.range30d.days', 0],
    ]);
  });

  test('inputs: the sample with its age in whole days as a fact; live needs no age fact', () => {
    const sample = briefInputsOf({ figures: 'sample', figuresAsOf: '2025-06-30T00:00:00.000Z' }, NOW);
    expect(sample).toEqual({ kind: 'sample', asOf: '2025-06-30T00:00:00.000Z', ageDays: 516 });
    expect(inputFacts(sample)).toEqual([
      {
        key: 'inputs.ageDays',
        value: 516,
        unit: 'days',
        source: 'catalogue-sample',
        asOf: '2025-06-30T00:00:00.000Z',
        anchor: null,
      },
    ]);
    const stale = briefInputsOf({ figures: 'stale', figuresAsOf: '2026-11-20T12:00:00.000Z' }, NOW);
    expect(inputFacts(stale).map((f) => [f.value, f.source])).toEqual([[8, 'coingecko']]);
    expect(inputFacts(briefInputsOf({ figures: 'live', figuresAsOf: NOW.toISOString() }, NOW))).toEqual([]);
    expect(briefInputsOf({ figures: 'none', figuresAsOf: null }, NOW)).toEqual({
      kind: 'none',
      asOf: null,
      ageDays: null,
    });
  });
});
