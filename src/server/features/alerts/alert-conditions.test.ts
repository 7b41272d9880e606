import { describe, expect, test } from 'vitest';
import { ALERT_KINDS, ALERT_KINDS_BY_TARGET } from '../../../shared/api/alerts.values.ts';
import { translate } from '../../../shared/locales/index.ts';
import { ALERT_INVALID_REASONS, checkCondition } from './alert-conditions.ts';

describe('checkCondition', () => {
  test('each kind accepts its own threshold range and refuses the rest', () => {
    const cases: [Parameters<typeof checkCondition>, ReturnType<typeof checkCondition>][] = [
      [['project', 'heat_above', 0], null],
      [['project', 'heat_above', 100], null],
      [['project', 'heat_above', 100.01], 'heat_range'],
      [['sector', 'heat_below', 55.5], null],
      [['sector', 'heat_below', -0.1], 'heat_range'],
      [['project', 'rank_top', 1], null],
      [['project', 'rank_top', 500], null],
      [['project', 'rank_top', 0], 'rank_range'],
      [['project', 'rank_top', 1.5], 'rank_range'],
      [['project', 'heat_change_24h', 0.1], null],
      [['project', 'heat_change_24h', 100], null],
      [['project', 'heat_change_24h', 0], 'change_range'],
      [['project', 'heat_change_24h', 101], 'change_range'],
      [['sector', 'trend_change', null], null],
      [['sector', 'trend_change', 3], 'threshold_not_allowed'],
      [['project', 'trend_change', null], 'kind_not_allowed'],
      [['project', 'heat_above', null], 'threshold_required'],
    ];
    for (const [args, expected] of cases) expect([args, checkCondition(...args)]).toEqual([args, expected]);
  });

  test('the kinds a target allows are exactly the contract’s ALERT_KINDS_BY_TARGET', () => {
    for (const targetType of ['project', 'sector'] as const) {
      const allowed = ALERT_KINDS.filter((kind) => checkCondition(targetType, kind, 10) !== 'kind_not_allowed');
      expect(allowed).toEqual([...ALERT_KINDS_BY_TARGET[targetType]]);
    }
  });

  test('every reason has its text in both languages', () => {
    for (const reason of ALERT_INVALID_REASONS) {
      for (const lang of ['en', 'zh'] as const) {
        expect(translate(lang, `alerts.invalid.${reason}`)).not.toBe(`alerts.invalid.${reason}`);
      }
    }
  });
});
