import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { signIn, signUp } from './support/accounts.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// /db-setup shows an admin the database in use (the e2e server's embedded PGlite), its migrations,
// the rows per table and the steps of the move to PostgreSQL; a signed-in non-admin gets the spec's refusal.
const LOCALES = { zh, en } as const;
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-17'));

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang }, `db-setup-${name}-${lang}`, run);
}

describe.each(['zh', 'en'] as const)('/db-setup (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.database;

  test('an admin sees the database, its migrations, its tables and the move steps', async () => {
    const admin = inject('admin')[lang];
    await withPage(lang, 'admin', async (page) => {
      await signIn(page, c, admin.email, admin.password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/db-setup');
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();

      await page.locator('main').getByText(t.kind.pglite, { exact: true }).waitFor();
      await page.getByText(t.labels.upToDate).waitFor();
      await page.getByRole('cell', { name: 'projects', exact: true }).waitFor();
      for (const key of ['install', 'createDatabase', 'stopServer', 'copy', 'setUrl', 'start'] as const) {
        await page.getByText(t.steps[key]).waitFor();
      }
      expect(await page.locator('main').textContent()).not.toContain('postgres://postgres');
      await session.screenshot(page, `db-setup-${lang}`);
    });
  });

  test('a signed-in user who is not an admin is refused', async () => {
    await withPage(lang, 'user', async (page) => {
      await signUp(page, c, `db-setup-user-${lang}@example.com`);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/db-setup');

      await page.getByRole('alert').getByText(fillTemplate(c.errors.ADMIN_REQUIRED, {})).waitFor();
    });
  });
});
