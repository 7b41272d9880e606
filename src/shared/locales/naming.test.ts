import { describe, expect, test } from 'vitest';
import { LANGUAGES, RESOURCES } from './index.ts';

// One thing had several names (项目分析 vs 项目目录, 行业热度 vs 板块热度, 赛道 vs 板块, 高级会员 vs 高级版).
// The spec's navigation labels name the areas (Project analysis → /directory, Industry heat → /sectors, Ecosystem
// platform → /platforms); header, footer, breadcrumbs and page titles use exactly those, and a level has one name.

const allValues = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : typeof node === 'object' && node ? Object.values(node).flatMap(allValues) : [];

describe.each(LANGUAGES)('one name per thing (%s)', (lang) => {
  const r = RESOURCES[lang];

  test('each area has the same name in the header, the footer, its page title and its breadcrumb', () => {
    expect(
      new Set([r.app.nav.directory, r.app.footer.links.directory, r.directory.title, r.project.breadcrumb]).size,
    ).toBe(1);
    expect(new Set([r.app.nav.sectors, r.app.footer.links.sectors, r.sectors.title]).size).toBe(1);
    expect(new Set([r.app.nav.platforms, r.app.footer.links.platforms, r.platforms.title]).size).toBe(1);
    expect(r.exports.sources.directory).toBe(r.directory.title);
  });

  test('each membership level has one name wherever it is shown', () => {
    for (const level of ['free', 'premium', 'vip'] as const) {
      const names = new Set([
        r.membership.levels[level],
        r.tasks.levels[level],
        r.account.level[level],
        r.notifications.levels[level],
        r.payments.levels[level],
        r.admin.stats.levels[level],
      ]);
      expect([...names], level).toHaveLength(1);
    }
  });
});

test('the retired names appear nowhere in the catalogue', () => {
  const zh = allValues(RESOURCES.zh).join('\n');
  const en = allValues(RESOURCES.en).join('\n');

  for (const retired of ['项目目录', '赛道', '高级版', '免费版', '板块热度排行'])
    expect(zh, retired).not.toContain(retired);
  for (const retired of ['Project directory', 'Sector heat ranking', 'See sector heat']) {
    expect(en, retired).not.toContain(retired);
  }
});
