import { describe, expect, test } from 'vitest';
import { FactBook } from './facts.ts';
import { computeMover, recordMover, toMover } from './movers.ts';

const entity = { projectId: 'p', name: 'P' };

describe('movers', () => {
  test('a move keeps its change and its top 3 drivers, largest |delta| first', () => {
    const mover = computeMover(
      entity,
      'day',
      { score: 60, contributions: { social: 20, market: 25, development: 5, news: 10 } },
      { at: '2026-11-20T00:00:00.000Z', score: 50, contributions: { social: 21, market: 15, development: 5, news: 9 } },
    );

    expect(mover).toMatchObject({ from: 50, to: 60, change: 10, since: '2026-11-20T00:00:00.000Z' });
    expect(mover.drivers.map((d) => [d.key, d.delta])).toEqual([
      ['market', 10],
      ['news', 1],
      ['social', -1],
    ]);
  });

  test('no move → no mover; an unchanged component is no driver', () => {
    expect(toMover(entity, 'week', null, 50)).toBeNull();
    const mover = toMover(
      entity,
      'week',
      { since: '2026-11-20T00:00:00.000Z', change: 0, components: [{ key: 'x', current: 1, previous: 1, delta: 0 }] },
      50,
    );
    expect(mover?.drivers).toEqual([]);
  });

  test('every number of a mover is recorded as a fact', () => {
    const facts = new FactBook('2026-11-21T00:00:00.000Z');
    const mover = computeMover(
      entity,
      'day',
      { score: 60, contributions: { market: 25 } },
      { at: '2026-11-20T00:00:00.000Z', score: 50, contributions: { market: 15 } },
    );

    recordMover(facts, 'move.day', mover);

    const byKey = Object.fromEntries(facts.list().map((f) => [f.key, f.value]));
    expect(byKey).toEqual({
      'move.day.from': 50,
      'move.day.to': 60,
      'move.day.change': 10,
      'move.day.driver.market': 10,
      'move.day.driver.market.current': 25,
      'move.day.driver.market.previous': 15,
    });
  });
});
