import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import enAdmin from '../src/shared/locales/en/admin.json' with { type: 'json' };
import { en, zh } from '../src/shared/locales/index.ts';
import zhAdmin from '../src/shared/locales/zh/admin.json' with { type: 'json' };
import { POINTS_PER_ACCEPTED_CORRECTION } from '../src/shared/membership/tasks.ts';
import { authenticateInPage, PASSWORD } from './support/accounts.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// A user suggests a correction from a project page, an admin accepts it in /admin?tab=corrections,
// the user's points rise by the credit and the project page shows the corrected value. Each language uses a project
// of its own, made through the admin API, so no other file's assertions meet it.
const LOCALES = { zh, en } as const;
const ADMIN = { zh: zhAdmin, en: enAdmin } as const;
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-17'));
const RUN = Date.now().toString(36);

/** A fetch from inside the page with its session cookie and CSRF token, as the web app sends writes. */
async function sendInPage(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = /(?:^|; )hr_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(token) },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/**
 * Opens the "Suggest a correction" panel. Under CI load a panel opened by the click was seen closed again once in
 * ~200 runs (the page re-rendered from scratch); the main frame's navigations are recorded so a repeat says whether
 * the page reloaded, and the click is tried a second time with a warning in the log rather than failing the journey.
 */
async function openSuggestPanel(page: Page, label: string): Promise<void> {
  const navigations: string[] = [];
  const onNavigate = (frame: ReturnType<Page['mainFrame']>) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  };
  page.on('framenavigated', onNavigate);
  const button = page.getByRole('button', { name: label });
  try {
    await button.click();
    const opened = await page
      .locator('[data-slot="suggest-correction"] > section')
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!opened) {
      console.warn(
        `corrections e2e: the panel did not open on the first click; navigations since: ${JSON.stringify(navigations)}; expanded=${await button.getAttribute('aria-expanded')}`,
      );
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    }
    await page.locator('[data-slot="suggest-correction"] > section').waitFor();
  } finally {
    page.off('framenavigated', onNavigate);
  }
}

async function readPoints(page: Page): Promise<number> {
  await open(page, '/profile');
  const text = (await page.getByTestId('profile-points').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

describe.each(['zh', 'en'] as const)('data corrections (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const t = c.project.corrections;
  const a = ADMIN[lang].corrections;
  const projectId = `correction-e2e-${lang}-${RUN}`;
  const description = lang === 'zh' ? `纠正后的介绍 ${RUN}` : `Corrected description ${RUN}`;
  const field = lang === 'zh' ? 'descriptionZh' : 'descriptionEn';

  test('a user suggests, an admin accepts, the points rise and the page shows the new value', async () => {
    const admin = inject('admin')[lang];
    const adminContext = await session.newContext({ lang });
    const userContext = await session.newContext({ lang });
    try {
      const adminPage = await adminContext.newPage();
      await open(adminPage, '/');
      await authenticateInPage(adminPage, 'sign-in', admin.email, admin.password);
      const created = await sendInPage(adminPage, 'POST', '/api/admin/projects', {
        id: projectId,
        name: `Correction E2E ${lang.toUpperCase()} ${RUN}`,
        symbol: null,
        category: 'DeFi',
        chains: ['Ethereum'],
        website: 'https://old.example',
        twitter: null,
        telegram: null,
        discord: null,
        github: [],
        coingeckoId: null,
        listedAt: null,
        sourcePlatform: null,
        tags: [],
        introEn: 'A project for the corrections test',
        introZh: '纠错测试用项目',
        descriptionEn: 'Old description',
        descriptionZh: '旧的介绍',
        sample: null,
      });
      expect(created).toBe(201);

      // A visitor is asked to sign in.
      const userPage = await userContext.newPage();
      await open(userPage, `/project/${projectId}`);
      await openSuggestPanel(userPage, t.suggest);
      await userPage
        .locator('[data-slot="suggest-correction"]')
        .getByRole('link', { name: c.auth.gate.action })
        .waitFor();

      // Signed in: the form is prefilled; only the changed fields are sent.
      await authenticateInPage(userPage, 'sign-up', `correction-${lang}-${RUN}@example.com`, PASSWORD);
      const pointsBefore = await readPoints(userPage);
      await open(userPage, `/project/${projectId}`);
      await openSuggestPanel(userPage, t.suggest);
      const website = userPage.getByLabel(t.fields.website);
      expect(await website.inputValue()).toBe('https://old.example');
      await website.fill('https://new.example');
      await userPage.getByLabel(t.fields[field]).fill(description);
      await userPage.getByLabel(t.note).fill('The official site moved');
      await session.screenshot(userPage.locator('[data-slot="suggest-correction"]'), `corrections-form-${lang}`);
      await userPage.getByRole('button', { name: t.submit }).click();
      await userPage
        .getByRole('status')
        .getByText(fillTemplate(t.success, { points: POINTS_PER_ACCEPTED_CORRECTION }))
        .waitFor();

      // The user's list shows it pending.
      await open(userPage, '/profile');
      const mine = userPage.locator('[data-slot="my-corrections"]');
      await mine.getByText(t.status.pending).waitFor();

      // The admin accepts it in the queue.
      await open(adminPage, '/admin?tab=corrections');
      const mineInQueue = adminPage.locator('li[data-correction]').filter({ hasText: description });
      await mineInQueue.getByText('https://new.example').waitFor();
      await mineInQueue.getByText('https://old.example').waitFor();
      await session.screenshot(adminPage, `corrections-admin-queue-${lang}`, { fullPage: true });
      await mineInQueue.getByRole('button', { name: a.accept, exact: true }).click();
      await mineInQueue.waitFor({ state: 'detached' });

      // The points rose by the credit; the project page shows the corrected description.
      expect(await readPoints(userPage)).toBe(pointsBefore + POINTS_PER_ACCEPTED_CORRECTION);
      await mine.getByText(t.status.accepted).waitFor();
      await session.screenshot(userPage, `corrections-mine-${lang}`, { fullPage: true });
      // The user's browser may keep its copy of the project answer for its max-age (30 s, send-cached.ts): a page that
      // never read it shows the server's answer, which the accept's cache drop made current at once.
      await open(adminPage, `/project/${projectId}`);
      await adminPage.getByText(description).waitFor();
      await session.screenshot(adminPage, `corrections-project-${lang}`);
    } catch (error) {
      for (const [i, p] of [adminContext, userContext].flatMap((ctx) => ctx.pages()).entries()) {
        await session.screenshot(p, `corrections-failure-${lang}-${i}`, { fullPage: true }).catch(() => undefined);
      }
      throw error;
    } finally {
      await adminContext.close();
      await userContext.close();
    }
  }, 90_000);
});
