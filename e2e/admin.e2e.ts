import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import enAdmin from '../src/shared/locales/en/admin.json' with { type: 'json' };
import { en, zh } from '../src/shared/locales/index.ts';
import zhAdmin from '../src/shared/locales/zh/admin.json' with { type: 'json' };
import { pickFromMenu, signIn, signUp } from './support/accounts.ts';
import { expectNoSidewaysScroll, type Lang, MOBILE, navigate, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { callApi } from './support/page-api.ts';
import { fillTemplate } from './support/text.ts';

// The /admin page: an admin creates, edits and deletes a project of its own and sees the
// edit on the project's page; walks the import (bad file, replace preview + declined confirmation, replace with the
// current export accepted, a merge that adds one project of its own); the audit log lists the changes. Other files
// run beside this one on the same server: every change is to this file's own projects, and the accepted replace
// imports the catalogue exactly as it is.
// The admin namespace is read from its files: shared/locales/index.ts does not list it (the page loads it itself).
const LOCALES = { zh: { ...zh, admin: zhAdmin }, en: { ...en, admin: enAdmin } } as const;
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-17'));

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>, viewport?: typeof MOBILE) {
  return session.withPage({ lang, ...(viewport ? { viewport } : {}) }, `admin-${name}-${lang}`, run);
}

async function signInAdmin(page: Page, lang: Lang) {
  const admin = inject('admin')[lang];
  await signIn(page, LOCALES[lang], admin.email, admin.password);
  // Signed in, the page leaves /auth (the user menu is inside the hamburger at 390 px, so it is not waited for).
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/** Requests to the import routes (preview and import) made by the page from now on. */
function recordImportCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/admin/import')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const tab = (page: Page, lang: Lang, id: 'projects' | 'sectors' | 'import' | 'audit') =>
  page.getByRole('tab', { name: LOCALES[lang].admin.tabs[id], exact: true }).click();

/**
 * Searches the projects tab and waits for the one match: the list shows a skeleton while the search loads, and a click
 * on a row of the list before it (the project is on the unfiltered first page too) would land on the skeleton.
 */
async function searchProjects(page: Page, lang: Lang, id: string) {
  const t = LOCALES[lang].admin.projects;
  // Within the tab: the header's project search has a search button too.
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox').fill(id);
  await panel.getByRole('button', { name: t.search, exact: true }).click();
  await page.getByText(fillTemplate(t.count, { count: 1 }), { exact: true }).waitFor();
}

async function chooseFile(page: Page, lang: Lang, name: string, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  await page
    .getByLabel(LOCALES[lang].admin.import.file, { exact: true })
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

describe.each(['zh', 'en'] as const)('/admin (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.admin;
  const id = `e2e-admin-made-${lang}`;

  test('an admin creates a project, edits its texts, sees them on its page, and deletes it', async () => {
    await withPage(lang, 'projects', async (page) => {
      await signInAdmin(page, lang);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await pickFromMenu(page, c.auth.menu.adminPanel);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      await page.locator('[data-slot="admin-project-row"]').first().waitFor();
      await session.screenshot(page, `admin-projects-${lang}`);

      // Create (the form's every field is there; a few are filled).
      await page.getByRole('button', { name: t.projects.new }).click();
      const form = page.getByRole('form', { name: t.projects.form.createTitle });
      await form.getByLabel(t.projects.fields.id, { exact: true }).fill(id);
      await form.getByLabel(t.projects.fields.name, { exact: true }).fill(`Admin Made ${lang}`);
      // Chosen from the sector list (a free-typed sector is refused).
      await form.getByLabel(t.projects.fields.category, { exact: true }).selectOption({ index: 1 });
      await form.getByLabel(t.projects.fields.chains, { exact: true }).fill('Ethereum, Base');
      await form.getByLabel(t.projects.fields.descriptionZh, { exact: true }).fill('管理员写的第一版介绍');
      await form.getByLabel(t.projects.fields.descriptionEn, { exact: true }).fill('First text by an admin');
      // A bad whitepaper link: the server's message shows under that field, in the page's language.
      await form.getByLabel(t.projects.fields.whitepaper, { exact: true }).fill('not a link');
      await form.getByRole('button', { name: t.projects.form.save }).click();
      const whitepaper = form.getByLabel(t.projects.fields.whitepaper, { exact: true });
      await form.locator('[name="whitepaper"][aria-invalid="true"]').waitFor();
      await form.getByRole('alert').getByText(t.projects.form.errorsTitle).waitFor();
      await session.screenshot(page, `admin-project-error-${lang}`, { fullPage: true });
      await whitepaper.fill('https://admin-made.example/paper.pdf');
      await form.getByRole('button', { name: t.projects.form.save }).click();
      await form.waitFor({ state: 'detached' });

      // Find it, edit its texts in both languages.
      await searchProjects(page, lang, id);
      const row = page.locator(`[data-slot="admin-project-row"][data-id="${id}"]`);
      await row.getByRole('button', { name: `${t.projects.edit} Admin Made ${lang}` }).click();
      const edit = page.getByRole('form', {
        name: fillTemplate(t.projects.form.editTitle, { name: `Admin Made ${lang}` }),
      });
      await edit.getByLabel(t.projects.fields.descriptionZh, { exact: true }).fill('管理员改过的介绍');
      await edit.getByLabel(t.projects.fields.descriptionEn, { exact: true }).fill('Text edited by an admin');
      await session.screenshot(page, `admin-project-edit-${lang}`);
      await edit.getByRole('button', { name: t.projects.form.save }).click();
      await edit.waitFor({ state: 'detached' });

      // The project's own page shows the edit in the page's language (client navigation: the cache was invalidated).
      await navigate(page, `/project/${id}`);
      await page.getByText(lang === 'zh' ? '管理员改过的介绍' : 'Text edited by an admin').waitFor();

      // The audit log has the edit with its before/after.
      await open(page, '/admin?tab=audit');
      const entry = page.locator('[data-slot="audit-row"][data-action="project.update"]').first();
      await entry.getByText(`project/${id}`).waitFor();
      await entry.getByRole('button').click();
      await page.locator('[data-slot="audit-changes"]').getByText('管理员写的第一版介绍').waitFor();
      await session.screenshot(page, `admin-audit-${lang}`);

      // Delete with its confirmation.
      await tab(page, lang, 'projects');
      await searchProjects(page, lang, id);
      await row.getByRole('button', { name: `${t.projects.delete} Admin Made ${lang}` }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(t.projects.deleteDialog.text).waitFor();
      await dialog.getByRole('button', { name: t.projects.deleteDialog.confirm }).click();
      await row.waitFor({ state: 'detached' });
      expect((await callApi(page, 'GET', `/api/admin/projects/${id}`)).status).toBe(404);
    });
  }, 90_000);

  test('the import: a bad file, a replace preview declined, the current export accepted, a merge of one project', async () => {
    await withPage(lang, 'import', async (page) => {
      await signInAdmin(page, lang);
      const imports = recordImportCalls(page);
      await open(page, '/admin?tab=import');

      // No projects list → the spec's message; nothing is sent.
      await chooseFile(page, lang, 'bad.json', { items: [] });
      await page.getByRole('alert').getByText(c.errors.INVALID_DATA_FORMAT, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: t.import.preview }).isDisabled()).toBe(true);
      expect(imports).toEqual([]);

      // A bad row: the server's message names the row and the field, in the page's language; nothing is written.
      await chooseFile(page, lang, 'bad-row.json', { projects: [{ id: `e2e-bad-row-${lang}`, name: '' }] });
      await page.getByRole('button', { name: t.import.preview }).click();
      const rowError = page.getByRole('alert').filter({ hasText: 'projects[0]' });
      await rowError.filter({ hasText: lang === 'zh' ? '未导入任何数据' : 'nothing was imported' }).waitFor();
      expect((await callApi(page, 'GET', `/api/admin/projects/e2e-bad-row-${lang}`)).status).toBe(404);

      // Replace with the current export less one project: the preview names it as removed; declining sends nothing.
      const exported = (await callApi(page, 'GET', '/api/admin/export')).body as {
        projects: { id: string; name: string }[];
      };
      const [dropped, ...rest] = exported.projects;
      await chooseFile(page, lang, 'less-one.json', { ...exported, projects: rest });
      await page.getByLabel(t.import.replace).check();
      await page.getByRole('button', { name: t.import.preview }).click();
      const removed = page.locator('[data-slot="import-projects-removed"]');
      await removed.getByText(dropped!.id).waitFor();
      await removed.getByText(fillTemplate(t.import.kinds.removed, { count: 1 })).waitFor();
      await page.getByRole('button', { name: t.import.run, exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(t.import.confirm, { exact: true }).waitFor();
      await session.screenshot(page, `admin-import-confirm-${lang}`);
      await dialog.getByRole('button', { name: t.import.confirmNo }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(imports).toEqual(['POST /api/admin/import/preview', 'POST /api/admin/import/preview']);
      expect((await callApi(page, 'GET', `/api/admin/projects/${dropped!.id}`)).status).toBe(200);

      // Replace with the export as it is: nothing to change, confirmed, applied.
      await chooseFile(page, lang, 'export.json', exported);
      await page.getByRole('button', { name: t.import.preview }).click();
      await page.getByText(t.import.nothing).waitFor();
      await page.getByRole('button', { name: t.import.run, exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.import.confirmYes }).click();
      const done = page.locator('[data-slot="import-done"]');
      await done.getByText(t.import.doneTitle).waitFor();
      expect(imports.filter((call) => call === 'POST /api/admin/import')).toHaveLength(1);
      const after = (await callApi(page, 'GET', '/api/admin/export')).body as typeof exported;
      expect(after.projects.length).toBe(exported.projects.length);

      // Merge (the default) of one new project of this file's own: previewed by name, imported without the question.
      const mergeId = `e2e-admin-import-${lang}`;
      const base = (await callApi(page, 'GET', `/api/admin/projects/${dropped!.id}`)).body as Record<string, unknown>;
      await page.getByLabel(t.import.merge).check();
      await chooseFile(page, lang, 'one.json', {
        projects: [{ ...base, id: mergeId, name: `Imported ${lang}`, coingeckoId: null }],
      });
      await page.getByRole('button', { name: t.import.preview }).click();
      await page.locator('[data-slot="import-projects-added"]').getByText(`Imported ${lang} (${mergeId})`).waitFor();
      await session.screenshot(page, `admin-import-preview-${lang}`, { fullPage: true });
      await page.getByRole('button', { name: t.import.run, exact: true }).click();
      await done
        .getByText(
          fillTemplate(t.import.done, { added: 1, changed: 0, removed: 0, sAdded: 0, sChanged: 0, sRemoved: 0 }),
        )
        .waitFor();
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      expect((await callApi(page, 'DELETE', `/api/admin/projects/${mergeId}`)).status).toBe(200);

      await page.getByRole('link', { name: t.import.download }).waitFor();
    });
  }, 90_000);

  test('at 390 px every tab fits the screen', async () => {
    await withPage(
      lang,
      'mobile',
      async (page) => {
        await signInAdmin(page, lang);
        for (const id of ['projects', 'sectors', 'import', 'audit'] as const) {
          await open(page, `/admin?tab=${id}`);
          await page.locator(`[data-slot="admin-${id}"]`).waitFor();
          if (id === 'sectors') {
            await page.locator('[data-slot="admin-sector"]').first().getByRole('button').click();
          }
          await expectNoSidewaysScroll(page, MOBILE.width, id);
          await session.screenshot(page, `admin-mobile-${id}-${lang}`, { fullPage: true });
        }
      },
      MOBILE,
    );
  }, 90_000);

  test('a signed-in user who is not an admin is refused, and has no Admin link', async () => {
    await withPage(lang, 'user', async (page) => {
      await signUp(page, c, `admin-page-user-${lang}-${Date.now()}@example.com`);
      await page.getByRole('banner').getByTestId('user-menu-button').click();
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem', { name: c.auth.menu.adminPanel }).count()).toBe(0);
      await open(page, '/admin');
      await page.getByRole('alert').getByText(c.errors.ADMIN_REQUIRED).waitFor();
    });
  });
});
