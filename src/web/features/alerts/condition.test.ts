import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Alert } from '../../../shared/api/alerts.schema.ts';
import { en, zh } from '../../../shared/locales/index.ts';
import { i18n } from '../../lib/i18n.ts';
import { fixedT } from '../../lib/use-translation.ts';
import { conditionText, lastValueText, stateHint } from './condition.ts';

const alert = (overrides: Partial<Alert>): Alert => ({
  id: 'a1',
  targetType: 'project',
  targetId: 'uniswap',
  targetName: 'Uniswap',
  kind: 'heat_above',
  threshold: 65,
  email: false,
  webhookUrl: null,
  isActive: true,
  state: 'armed',
  lastValue: 61.2,
  lastTrend: null,
  lastEvaluatedAt: '2030-01-01T00:00:00.000Z',
  lastTriggeredAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

// The /alerts item's words: the value in its unit and rounded as stored, and one sentence that agrees with the state.
describe('an alert in words', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('zh', 'alerts', zh.alerts);
    i18n.addResourceBundle('en', 'alerts', en.alerts);
    await i18n.changeLanguage('en');
  });
  afterAll(() => i18n.changeLanguage('zh'));
  const t = () => fixedT('en', 'alerts');

  test('values in their unit, at most one decimal', () => {
    expect(lastValueText(t(), alert({ lastValue: 70.5 }))).toBe('70.5');
    expect(lastValueText(t(), alert({ lastValue: 70 }))).toBe('70');
    expect(lastValueText(t(), alert({ kind: 'heat_change_24h', lastValue: 3.4 }))).toBe('+3.4');
    expect(lastValueText(t(), alert({ kind: 'heat_change_24h', lastValue: -12 }))).toBe('-12');
    expect(lastValueText(t(), alert({ kind: 'rank_top', threshold: 10, lastValue: 7 }))).toBe('Rank 7');
    expect(lastValueText(t(), alert({ kind: 'trend_change', threshold: null, lastValue: null, lastTrend: 'up' }))).toBe(
      'Up',
    );
    expect(lastValueText(t(), alert({ lastValue: null }))).toBe('—');
    expect(conditionText(t(), 'heat_above', 65.5)).toBe('Heat at or above 65.5');
  });

  test('the hint agrees with the state: armed, fired with its re-arm line, paused, waiting, trend', () => {
    expect(stateHint(t(), alert({}))).toBe(en.alerts.hint.armed);
    const fired = alert({ state: 'fired', lastValue: 70.5, lastTriggeredAt: '2030-01-01T00:00:00.000Z' });
    expect(stateHint(t(), fired)).toBe(en.alerts.hint.fired.heat_above.replace('{{value}}', '64'));
    expect(stateHint(t(), { ...fired, kind: 'heat_below', threshold: 30 })).toBe(
      en.alerts.hint.fired.heat_below.replace('{{value}}', '31'),
    );
    expect(stateHint(t(), { ...fired, kind: 'rank_top', threshold: 10 })).toBe(
      en.alerts.hint.fired.rank_top.replace('{{value}}', '10'),
    );
    // The band is at most half the threshold: a change alert at 1.5 re-arms under 0.8 (1.5 − 0.75, shown 0.8).
    expect(stateHint(t(), { ...fired, kind: 'heat_change_24h', threshold: 1.5 })).toBe(
      en.alerts.hint.fired.heat_change_24h.replace('{{value}}', '0.8'),
    );
    expect(stateHint(t(), { ...fired, isActive: false })).toBe(en.alerts.hint.paused);
    expect(stateHint(t(), alert({ lastEvaluatedAt: null, lastValue: null }))).toBe(en.alerts.hint.waiting);
    expect(stateHint(t(), alert({ kind: 'trend_change', threshold: null }))).toBe(en.alerts.hint.trend);
  });
});
