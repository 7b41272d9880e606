import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage } from './support/accounts.ts';
import { type Lang, open } from './support/browser.ts';
import { control } from './support/control-server.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// History backfill: after 90 days are backfilled for a project (fake history sources on loopback, through
// the control port), its page's heat history chart over 90 days marks the backfilled days (hollow points, a legend
// entry and the note under the chart) in zh and en.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-15');

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
    await withPage(lang, async (page) => {
      // 90 days of history are a premium range: the language's premium member reads them.
      const premium = inject('premium')[lang];
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', premium.email, premium.password);
      const history = await page.evaluate(
        async (id) =>
          (await (await fetch(`/api/projects/${id}/history?range=90d`)).json()) as {
            points: { backfilled: boolean }[];
          },
        projectId,
      );
      expect(history.points.filter((p) => p.backfilled)).toHaveLength(90);
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
