import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTIFICATION_KINDS, type Notification } from '../../../shared/api/notifications.schema.ts';
import { POINTS_REASONS } from '../../../shared/api/points.schema.ts';
import { en, zh } from '../../../shared/locales/index.ts';
import { i18n } from '../../lib/i18n.ts';
import { fixedT } from '../../lib/use-translation.ts';
import { badgeText } from './components/notification-bell.tsx';
import { describeNotification, formatRelativeTime } from './wording.ts';

const note = (kind: Notification['kind'], params: Record<string, unknown>): Notification => ({
  id: '1',
  kind,
  params,
  link: null,
  readAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const samples: [Notification, string, string][] = [
  [
    note('model_promoted', { model: 'heat-v3', previous: 'heat-v2', changes: [{}, {}, {}], rules: [] }),
    '热度模型已更新为 heat-v3（原 heat-v2）：3 项权重调整',
    'The heat model is now heat-v3 (was heat-v2): 3 weights moved',
  ],
  [
    note('correction_accepted', { correctionId: 'c1', projectId: 'aave', projectName: 'Aave', points: 50 }),
    '你对 Aave 的纠错已被采纳：+50 积分',
    'Your correction to Aave was accepted: +50 points',
  ],
  [
    note('correction_rejected', { correctionId: 'c2', projectId: 'aave', projectName: 'Aave', reason: 'No source' }),
    '你对 Aave 的纠错未被采纳：No source',
    'Your correction to Aave was not accepted: No source',
  ],
  [
    note('export_ready', { exportId: 'e1', source: 'directory' }),
    '定时导出已完成，可以下载',
    'Your scheduled export is ready to download',
  ],
  [
    note('export_failed', { exportId: 'e2', source: 'directory', error: 'EXPORT_LIMIT_REACHED' }),
    '定时导出失败：已达到每日导出次数上限',
    'Your scheduled export failed: the daily export limit was reached',
  ],
  [
    note('export_failed', { exportId: 'e3', source: 'watchlist', error: 'NOT_FOUND' }),
    '定时导出失败',
    'Your scheduled export failed',
  ],
  [
    note('alert_fired', { kind: 'heat_above', targetName: 'Uniswap', threshold: 80, value: 81.24 }),
    'Uniswap 热度为 81.2，达到或高于 80',
    'Uniswap heat is 81.2, at or above 80',
  ],
  [
    note('alert_fired', { kind: 'rank_top', targetName: 'Aave', threshold: 10, value: 7 }),
    'Aave 进入前 10 名（第 7 名）',
    'Aave entered the top 10 (rank 7)',
  ],
  [
    note('alert_fired', { kind: 'trend_change', targetName: 'DeFi', value: 'up' }),
    'DeFi 趋势转为上升',
    'DeFi trend turned up',
  ],
  [
    note('search_alert', {
      name: 'L2',
      reason: 'new_results',
      projects: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
    }),
    '保存的搜索「L2」有新结果：A、B、C 及另外 1 个项目',
    'Saved search "L2" has new matches: A, B, C and 1 more',
  ],
  [
    // The server lists five of seven new matches and sends the count of all seven.
    note('search_alert', {
      name: 'L2',
      reason: 'heat_threshold',
      threshold: 80,
      count: 7,
      projects: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }, { name: 'E' }],
    }),
    '保存的搜索「L2」：A、B、C 及另外 4 个项目 热度达到 80 或以上',
    'Saved search "L2": A, B, C and 4 more at or above heat 80',
  ],
  [
    note('points_credited', { amount: 50, reason: 'task.daily', balance: 1050 }),
    '获得 50 积分（每日任务），当前 1,050 分',
    '+50 points (daily task), balance 1,050',
  ],
  [note('level_changed', { from: 'free', to: 'premium' }), '会员等级升至高级会员', 'Your level rose to Premium'],
  [note('level_changed', { from: 'vip', to: 'free' }), '会员等级降为免费', 'Your level dropped to Free'],
  [note('points_credited', {}), '获得 — 积分（），当前 — 分', '+— points (), balance —'],
];

describe('notifications in words', () => {
  beforeAll(() => {
    i18n.addResourceBundle('zh', 'notifications', zh.notifications);
    i18n.addResourceBundle('en', 'notifications', en.notifications);
  });
  afterAll(() => i18n.changeLanguage('zh'));

  test.each(samples)('%# in zh and en', async (n, inZh, inEn) => {
    await i18n.changeLanguage('zh');
    expect(describeNotification(fixedT('zh', 'notifications'), 'zh', n)).toBe(inZh);
    await i18n.changeLanguage('en');
    expect(describeNotification(fixedT('en', 'notifications'), 'en', n)).toBe(inEn);
  });

  // Every kind the server stores (notify() takes a NotificationKind; the alert evaluation's SQL writes alert_fired; the
  // API's response schema admits nothing else) and every points reason has its own words in both languages — never
  // the raw key ("kind.correction_accepted") and never the other language's fallback.
  test.each(['zh', 'en'] as const)('every notification kind and points reason has a label in %s', (lang) => {
    const texts = { zh, en }[lang].notifications as {
      kind: Record<string, unknown>;
      reasons: Record<string, Record<string, unknown>>;
    };
    const missingKinds = NOTIFICATION_KINDS.filter((kind) => typeof texts.kind[kind] !== 'string' || !texts.kind[kind]);
    const missingReasons = POINTS_REASONS.filter((reason) => {
      const [group = '', name = ''] = reason.split('.');
      const label = texts.reasons[group]?.[name];
      return typeof label !== 'string' || !label;
    });
    expect({ missingKinds, missingReasons }).toEqual({ missingKinds: [], missingReasons: [] });
  });

  test('relative time and the badge', () => {
    const now = Date.parse('2030-01-01T01:00:00Z');
    expect(formatRelativeTime('2030-01-01T00:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(formatRelativeTime('2030-01-01T00:57:00Z', 'zh', now)).toBe('3分钟前');
    expect(formatRelativeTime('2030-01-01T00:59:50Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2029-12-31T01:00:00Z', 'zh', now)).toBe('昨天');
    expect([badgeText(1), badgeText(9), badgeText(10), badgeText(250)]).toEqual(['1', '9', '9+', '9+']);
  });
});
