import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { baseUrl, type Lang, open } from './support/browser.ts';
import { control } from './support/control-server.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Issue 15, history backfill: after 90 days are backfilled for a project (fake history sources on loopback, through
// the control port), its page's heat history chart over 90 days marks the backfilled days (hollow points, a legend
// entry and the note under the chart) in zh and en.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('docs/notes/issue-15');

const session = launchFileBrowser(NOTES_DIR);
let projectId: string;
beforeAll(async () => {
  projectId = ((await control(inject('controlUrl'), '/backfill?days=90')) as { id: string }).id;
}, 120_000);

const withPage = (lang: Lang, run: (page: Page) => Promise<void>) =>
  session.withPage({ lang }, `backfill-history-${lang}`, run);

describe.each(['zh', 'en'] as const)('backfilled history on the project page (%s)', (lang) => {
  const t = LOCALES[lang];

  test('the 90-day chart draws 90 days of history and marks the backfilled points as such', async () => {
    const history = (await (
      await fetch(new URL(`/api/projects/${projectId}/history?range=90d`, baseUrl()))
    ).json()) as {
      points: { backfilled: boolean }[];
    };
    expect(history.points.filter((p) => p.backfilled)).toHaveLength(90);
    await withPage(lang, async (page) => {
      await open(page, `/project/${projectId}`);
      const chart = page.locator('figure', { has: page.getByRole('heading', { name: t.heat.history.title }) });
      await chart.getByRole('button', { name: t.heat.history.ranges['90d'] }).click();
      const note = chart.locator('[data-slot="history-backfilled"]');
      await note.waitFor();
      expect(await note.textContent()).toContain(
        t.heat.history.backfilledNote.split('{{until}}')[lang === 'zh' ? 1 : 0]?.slice(0, 12),
      );
      const label = t.heat.history.backfilledLabel.replace('{{count}}', '90');
      await expect.poll(() => chart.locator('[role="img"]').getAttribute('aria-label')).toContain(label);
      await chart.locator('canvas').first().waitFor();
      await page.waitForTimeout(600); // the line's entry animation
      await chart.scrollIntoViewIfNeeded();
      await session.screenshot(chart, `history-backfilled-${lang}`);
    });
  });
});
