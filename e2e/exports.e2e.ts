import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { signIn, signUp } from './support/accounts.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open, SCREENSHOT_DIR } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Exports in the browser: a premium user (a pre-made account of the e2e server) opens the export form from the
// directory's Export link, exports the directory as csv and as xlsx, sees them completed, downloads both (the browser's
// download event; the csv starts with the BOM and names a catalogue project), then a pdf: the form switches to the
// print columns and states the limits, one column is swapped, and the pdf's first page is rasterised (pdftoppm) into
// the screenshots to be looked at; then schedules a weekly export and cancels it.
const LOCALES = { zh, en } as const;

const session = launchFileBrowser();

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang }, `exports-${name}-${lang}`, run);
}

const completed = (page: Page) => page.locator('[data-testid="export-item"][data-state="completed"]');

async function downloadNewest(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    completed(page).first().getByRole('link', { name: label }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

describe.each(['zh', 'en'] as const)('exports in the browser (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.exports;

  test('a premium user exports the directory as csv, xlsx and a pdf of chosen columns, reads them, and schedules a weekly export', async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await signIn(page, c, premium.email, premium.password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/directory?category=DeFi');
      await page.getByTestId('export-link').click();
      await page.waitForURL((url) => url.pathname === '/exports' && url.searchParams.get('category') === 'DeFi');
      const form = page.getByRole('form', { name: t.form.title });
      await form.waitFor();
      expect(await page.getByTestId('export-filters').textContent()).toContain('DeFi');
      await page.getByTestId('export-usage').waitFor();
      await session.screenshot(page, `exports-${lang}-form`);
      const before = await completed(page).count();

      await form.getByLabel(t.form.metadata).uncheck();
      await form.getByRole('button', { name: t.form.submit, exact: true }).click();
      await expect.poll(() => completed(page).count(), { timeout: 20_000 }).toBe(before + 1);
      const csv = await downloadNewest(page, t.list.download);
      expect(csv.name).toMatch(/\.csv$/);
      expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = csv.bytes.toString('utf8');
      expect(text).toContain(lang === 'zh' ? '名称' : 'Name');
      expect(text).toContain('Curve');

      await form.getByLabel(t.form.format).selectOption('xlsx');
      await form.getByLabel(t.form.metadata).check();
      await form.getByRole('button', { name: t.form.submit, exact: true }).click();
      await expect.poll(() => completed(page).count(), { timeout: 20_000 }).toBe(before + 2);
      const xlsx = await downloadNewest(page, t.list.download);
      expect(xlsx.name).toMatch(/\.xlsx$/);
      expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByTestId('export-usage').waitFor();
      await session.screenshot(page, `exports-${lang}-list`);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      // A pdf: the print columns, the limits stated in the form, one column swapped by the user.
      await form.getByLabel(t.form.format).selectOption('pdf');
      const limits = await page.getByTestId('export-limits').textContent();
      expect(limits).toContain(lang === 'zh' ? 'PDF 最多包含 5,000 行' : 'A PDF holds at most 5,000 rows');
      expect(limits).toContain('10,000');
      expect(await page.getByTestId('export-columns-count').textContent()).toContain(
        lang === 'zh' ? '8 / 19' : '8 of 19',
      );
      await form.getByLabel(t.columns.volume24h, { exact: true }).uncheck();
      await form.getByLabel(t.columns.priceChange24h, { exact: true }).check();
      await session.screenshot(page, `exports-${lang}-pdf-form`);
      await form.getByRole('button', { name: t.form.submit, exact: true }).click();
      await expect.poll(() => completed(page).count(), { timeout: 30_000 }).toBe(before + 3);
      const pdf = await downloadNewest(page, t.list.download);
      expect(pdf.name).toMatch(/\.pdf$/);
      const pdfPath = resolve(SCREENSHOT_DIR, `exports-${lang}-export.pdf`);
      await writeFile(pdfPath, pdf.bytes);
      execFileSync('pdftoppm', ['-r', '90', '-png', '-f', '1', '-l', '1', '-singlefile', pdfPath, `${pdfPath}-page1`]);
      const pdfText = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' });
      // The chosen columns in the source's order: the print set without 24h volume, with 24h change.
      const headers = [
        'name',
        'symbol',
        'category',
        'heatScore',
        'evidenceCount',
        'marketCap',
        'priceChange24h',
        'marketAsOf',
      ] as const;
      expect(pdfText.replace(/\s+/g, '')).toContain(headers.map((key) => t.columns[key].replace(/\s+/g, '')).join(''));
      expect(pdfText).not.toContain(t.columns.volume24h);
      expect(pdfText).not.toContain('…');
      expect(pdfText).toContain(t.sources.directory);
      // A phone (390 px): the form and the list fit the width, nothing scrolls sideways.
      await page.setViewportSize(MOBILE);
      await session.screenshot(page, `exports-${lang}-list-390`);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await page.setViewportSize(DESKTOP);

      await form.getByLabel(t.form.repeat).selectOption('weekly');
      await form.getByLabel(t.form.delivery).selectOption('download');
      await form.getByRole('button', { name: t.form.submitSchedule }).click();
      const schedule = page.getByTestId('export-schedule');
      await schedule.waitFor();
      expect(await schedule.textContent()).toContain(t.frequency.weekly);
      await session.screenshot(page, `exports-${lang}-schedule`);
      await schedule.getByRole('button', { name: t.schedules.cancel }).click();
      await page.getByText(t.schedules.empty).waitFor();
    });
  });

  test('a free user gets the upgrade message naming the tier instead of the form', async () => {
    await withPage(lang, 'free', async (page) => {
      await signUp(page, c, `exports-free-${lang}-${Date.now()}@example.com`);
      await open(page, '/exports?source=directory');
      const locked = page.locator('[data-slot="locked-feature"]');
      await locked.waitFor();
      expect(await locked.textContent()).toContain(c.errors.FEATURE_LOCKED);
      expect(await page.getByRole('form', { name: t.form.title }).count()).toBe(0);
      await session.screenshot(page, `exports-${lang}-free`);
    });
  });
});
