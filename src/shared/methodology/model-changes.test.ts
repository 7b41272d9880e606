import { describe, expect, test } from 'vitest';
import { CODE_HEAT_DEFINITION, type HeatModelDefinition } from '../scoring/heat-model.ts';
import { computeFullDataWeights, computeRuleChanges, computeWeightChanges } from './model-changes.ts';

const copy = (): HeatModelDefinition => JSON.parse(JSON.stringify(CODE_HEAT_DEFINITION));

describe('what moved between two model versions', () => {
  test("the code model's full-data weights are the spec's signal weights and sum to 1", () => {
    const weights = computeFullDataWeights(CODE_HEAT_DEFINITION);

    expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(weights.commits52w).toBeCloseTo(0.05, 12);
    expect(weights.twitterFollowers).toBeCloseTo(0.4 * 0.3, 12);
  });

  test('a stored copy (keys in another order) changes nothing', () => {
    const stored = copy();
    stored.componentPoints.social = Object.fromEntries(Object.entries(stored.componentPoints.social).reverse());

    expect(computeWeightChanges(CODE_HEAT_DEFINITION, stored)).toEqual([]);
    expect(computeRuleChanges(CODE_HEAT_DEFINITION, stored)).toEqual([]);
  });

  test('moving weight from social to development lists every moved input, largest first', () => {
    const next = copy();
    next.categoryWeights = { social: 0.3, market: 0.35, development: 0.25, news: 0.1 };
    next.minEvidence = 3;

    const changes = computeWeightChanges(CODE_HEAT_DEFINITION, next);

    expect(changes.map((c) => c.key).sort()).toEqual(
      [
        ...['twitterFollowers', 'mentions7d', 'engagementAvg', 'telegramMembers', 'discordMembers'],
        ...['commits52w', 'stars', 'forks', 'contributors', 'codeFrequency'],
      ].sort(),
    );
    expect(changes[0]).toMatchObject({ key: 'commits52w', before: expect.closeTo(0.05, 12) });
    expect(changes[0]?.after).toBeCloseTo(0.25 / 3, 12);
    expect(changes.at(-1)).toMatchObject({ key: 'discordMembers', after: expect.closeTo(0.03, 12) });
    expect(computeRuleChanges(CODE_HEAT_DEFINITION, next)).toEqual(['minEvidence']);
  });
});
