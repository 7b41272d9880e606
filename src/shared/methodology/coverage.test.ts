import { expect, test } from 'vitest';
import { countEvaluableDays, hasNoOutcomeData } from './coverage.ts';
import { evaluateHeat } from './evaluate.ts';
import { createSyntheticPanel } from './evaluation.test-support.ts';

test('evaluable days match the engine: growth needs h days on each side, a price move h days after', () => {
  const panel = createSyntheticPanel({ projects: 40, days: 30, seed: 2 });

  const result = evaluateHeat(panel, { seed: 1, horizons: [1, 7], outcomes: ['pageViews', 'absPriceMove'] });

  for (const cell of result.cells.filter((c) => c.group.kind === 'all')) {
    expect(cell.daysUsed + cell.daysSkipped, `${cell.outcome} h=${cell.horizon}`).toBe(
      countEvaluableDays(cell.outcome, cell.horizon, 30),
    );
    expect(hasNoOutcomeData(cell, 30)).toBe(false);
  }
});

test('an outcome with no stored series is "no data", not "wait": a short window is not', () => {
  const base = { outcome: 'commits' as const, horizon: 7, daysUsed: 0 };

  expect(hasNoOutcomeData(base, 90)).toBe(true);
  expect(hasNoOutcomeData(base, 12)).toBe(false);
  expect(hasNoOutcomeData({ ...base, daysUsed: 3 }, 90)).toBe(false);
});
