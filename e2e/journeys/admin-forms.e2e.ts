import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { finishSyncRun, openSyncRun } from '../../src/server/runs/run-log.ts';
import enAdmin from '../../src/shared/locales/en/admin.json' with { type: 'json' };
import { en, zh } from '../../src/shared/locales/index.ts';
import zhAdmin from '../../src/shared/locales/zh/admin.json' with { type: 'json' };
import { signIn } from '../support/accounts.ts';
import { adminsPerLanguage } from '../support/admins.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';
import { fillTemplate } from '../support/text.ts';

// The admin forms' rules, as an operator meets them: the admin panel says what the configuration lacks before any
// form (SECRET_KEY up front on the X-account form and /twitter-debug); the project form refuses a bad link and a
// sector that does not exist with sentences people read, in ONE request (no retry of a 4xx); a valid project shows
// in its (newly created) sector at once; an import naming an orphan category is refused and changes nothing; the
// operations tab shows a refresh that failed at start-up as the refresh. zh and en, 1280 and 390 px.
const LOCALES = { zh: { ...zh, admin: zhAdmin }, en: { ...en, admin: enAdmin } } as const;
const ADMIN = adminsPerLanguage('forms');
const session = launchFileBrowser();
let server: OwnServer;

beforeAll(async () => {
  server = await startOwnServer({ env: { CATALOGUE_AUTOLOAD: 'true' }, admin: Object.values(ADMIN) });
  // A first-start refresh that failed (sources unreachable), as a start-up leaves it in the sync log.
  const db = server.runtime.handle.db;
  const startedAt = new Date(Date.now() - 60_000);
  const id = await openSyncRun(db, 'first-start-refresh', 'startup', startedAt);
  await finishSyncRun(db, id, {
    status: 'failed',
    finishedAt: new Date(startedAt.getTime() + 4_000),
    durationMs: 4_000,
    counts: {},
    errors: ['defillama: fetch failed (connect ETIMEDOUT)'],
  });
}, 120_000);
afterAll(() => server?.close());

/** Writes to one API path the page sends from now on ("POST /api/admin/projects"). */
function recordWrites(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === path && request.method() !== 'GET') calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The page at 1280 px, then at 390 px (no sideways scroll), each screenshotted whole. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await session.screenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(MOBILE);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await session.screenshot(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

const projectCount = async (page: Page) =>
  ((await callApi(page, 'GET', '/api/admin/projects?limit=1')).body as { total: number }).total;

describe.each(['zh', 'en'] as const)('admin forms (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const t = c.admin;
  const rules = c.validation.rules;
  const sectorId = `e2e-forms-${lang}`;
  const sectorName = `E2E Forms ${lang}`;
  const projectId = `e2e-forms-project-${lang}`;

  test('the configuration is shown first; bad data is refused in one request; valid data lands in its sector', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `admin-forms-${lang}`,
      async (page) => {
        await signIn(page, c, ADMIN[lang].email, ADMIN[lang].password);
        await page.getByRole('banner').getByTestId('user-menu-button').waitFor();

        // Before any tab: what needs a setting and the variable to set (this server has no SECRET_KEY, SMTP, Stripe…).
        await open(page, '/admin');
        const notice = page.locator('[data-slot="config-notice"]');
        await notice.getByRole('heading', { name: t.config.title }).waitFor();
        const secret = notice.locator('[data-feature="secretKey"]');
        expect(await secret.getAttribute('data-state')).toBe('notConfigured');
        await secret.getByText('SECRET_KEY', { exact: true }).waitFor();
        for (const feature of ['mail', 'payments', 'llm', 'github'] as const) {
          await notice.locator(`[data-feature="${feature}"]`).getByText(t.config.features[feature].name).waitFor();
        }
        await bothWidths(page, `admin-forms-config-${lang}`);

        // A new sector is its own explicit action (Sectors tab).
        await page.getByRole('tab', { name: t.tabs.sectors, exact: true }).click();
        await page.getByRole('button', { name: t.sectors.new }).click();
        const sectorForm = page.getByRole('form', { name: t.sectors.newTitle });
        await sectorForm.getByLabel(t.sectors.fields.id, { exact: true }).fill(sectorId);
        await sectorForm.getByLabel(t.sectors.fields.name, { exact: true }).fill(sectorName);
        await sectorForm.getByLabel(t.sectors.fields.nameZh, { exact: true }).fill(`端到端板块 ${lang}`);
        await sectorForm.getByRole('button', { name: t.sectors.save }).click();
        await sectorForm.waitFor({ state: 'detached' });
        await page.locator(`[data-slot="admin-sector"][data-id="${sectorId}"]`).waitFor();

        // The project form: a bad website and a sector that is not one ("Defi": a stale or tampered form; the page
        // offers only the list). The server refuses both, each under its field in words, after exactly one request.
        await page.getByRole('tab', { name: t.tabs.projects, exact: true }).click();
        await page.getByRole('button', { name: t.projects.new }).click();
        const form = page.getByRole('form', { name: t.projects.form.createTitle });
        const category = form.getByLabel(t.projects.fields.category, { exact: true });
        await category.locator(`option[value="${sectorName}"]`).waitFor({ state: 'attached' });
        const before = await projectCount(page);
        const writes = recordWrites(page, '/api/admin/projects');
        await form.getByLabel(t.projects.fields.id, { exact: true }).fill(projectId);
        await form.getByLabel(t.projects.fields.name, { exact: true }).fill(`Forms Project ${lang}`);
        await category.evaluate((select: HTMLSelectElement) => select.add(new Option('Defi', 'Defi')));
        await category.selectOption('Defi');
        await form.getByLabel(t.projects.fields.chains, { exact: true }).fill('Ethereum');
        await form.getByLabel(t.projects.fields.website, { exact: true }).fill('not a url');
        await form.getByRole('button', { name: t.projects.form.save }).click();
        // A mutation shows its error only once its retries are spent: from here on, a retry would have been sent.
        await form.getByRole('alert').getByText(t.projects.form.errorsTitle).waitFor();
        await form.getByText(rules.httpUrl, { exact: true }).waitFor();
        expect(await form.locator('[name="website"][aria-invalid="true"]').count()).toBe(1);
        // No schema internals anywhere on the form.
        expect(await form.textContent()).not.toMatch(/Too small|expected string|Invalid input|数值过小|期望/);
        expect(writes).toEqual(['POST /api/admin/projects']);
        await bothWidths(page, `admin-forms-refused-url-${lang}`);

        // The link fixed, the sector is checked against the sector list: refused, with the near miss suggested.
        await form.getByLabel(t.projects.fields.website, { exact: true }).fill(`https://${projectId}.example`);
        await form.getByRole('button', { name: t.projects.form.save }).click();
        const sectorMessage = fillTemplate(rules.unknownSector, {
          value: 'Defi',
          suggestion: fillTemplate(c.validation.suggestion, { value: 'DeFi' }),
        });
        await form.getByText(sectorMessage, { exact: true }).waitFor();
        expect(await form.locator('[name="category"][aria-invalid="true"]').count()).toBe(1);
        expect(writes).toEqual(['POST /api/admin/projects', 'POST /api/admin/projects']);
        expect(await projectCount(page)).toBe(before);
        await bothWidths(page, `admin-forms-refused-sector-${lang}`);

        // Valid: the new sector from the list, an http(s) website. It is saved and its sector page lists it at once.
        await category.selectOption(sectorName);
        await form.getByLabel(t.projects.fields.website, { exact: true }).fill(`https://${projectId}.example`);
        await form.getByRole('button', { name: t.projects.form.save }).click();
        await form.waitFor({ state: 'detached' });
        expect(writes).toHaveLength(3); // one request per submission: two refused, one saved
        await open(page, `/sectors/${sectorId}`);
        await page.getByText(`Forms Project ${lang}`).first().waitFor();
        await session.screenshot(page, `admin-forms-sector-${lang}-1280`, { fullPage: true });

        // An import naming an orphan category: refused with the row, the field and the rule; nothing is written.
        await open(page, '/admin?tab=import');
        const base = (await callApi(page, 'GET', `/api/admin/projects/${projectId}`)).body as Record<string, unknown>;
        const orphanId = `e2e-forms-orphan-${lang}`;
        const count = await projectCount(page);
        await page.getByLabel(t.import.file, { exact: true }).setInputFiles({
          name: 'orphan.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify({ projects: [{ ...base, id: orphanId, category: 'Defi' }] })),
        });
        await page.getByRole('button', { name: t.import.preview }).click();
        const refusal = page.getByRole('alert').filter({ hasText: 'projects[0]' });
        await refusal.filter({ hasText: lang === 'zh' ? '未导入任何数据' : 'nothing was imported' }).waitFor();
        expect(await refusal.textContent()).toContain(sectorMessage);
        expect((await callApi(page, 'GET', `/api/admin/projects/${orphanId}`)).status).toBe(404);
        expect(await projectCount(page)).toBe(count);
        await bothWidths(page, `admin-forms-import-${lang}`);
      },
    );
  }, 150_000);

  test('SECRET_KEY is said up front on the X-account form and /twitter-debug; the start-up refresh is the refresh', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `admin-config-${lang}`,
      async (page) => {
        await signIn(page, c, ADMIN[lang].email, ADMIN[lang].password);
        await page.getByRole('banner').getByTestId('user-menu-button').waitFor();

        await open(page, '/admin?tab=accounts');
        await page.locator('[data-slot="secret-key-missing"]').getByText(t.config.secretKeyMissing).waitFor();
        expect(await page.getByRole('button', { name: t.accounts.add }).isDisabled()).toBe(true);
        await bothWidths(page, `admin-forms-accounts-${lang}`);

        await open(page, '/twitter-debug');
        await page.locator('[data-slot="secret-key-missing"]').getByText(t.config.secretKeyMissing).waitFor();
        expect(await page.getByRole('button', { name: t.twitterDebug.run }).isDisabled()).toBe(true);
        await session.screenshot(page, `admin-forms-twitter-debug-${lang}-1280`, { fullPage: true });

        await open(page, '/admin?tab=operations');
        const refresh = page.locator('[data-slot="operation-refresh"]');
        await refresh
          .locator('[data-slot="run-state"]')
          .getByText(t.operations.runStatus.failed, { exact: true })
          .waitFor();
        await refresh
          .locator('[data-slot="run-job"]')
          .getByText(fillTemplate(t.operations.fromStartup, { name: t.operations.jobNames['first-start-refresh'] }))
          .waitFor();
        expect(await refresh.getByText(t.operations.neverRun).count()).toBe(0);
        const startup = page.locator('[data-slot="startup-run"][data-job="first-start-refresh"]');
        await startup.getByText(t.operations.jobNames['first-start-refresh']).waitFor();
        await startup.getByText(/ETIMEDOUT/).waitFor();
        await bothWidths(page, `admin-forms-operations-${lang}`);
      },
    );
  }, 120_000);
});
