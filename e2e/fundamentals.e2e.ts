import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { findSeriousViolations } from './support/axe.ts';
import { baseUrl, type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Uniswap's page lists its funding rounds (their investors for vip only) from the fake
// /raises (loaded by the global setup through the raises source), and logos are served from our origin.
const session = launchFileBrowser();

describe.each(['zh', 'en'] as const)('project fundamentals (%s)', (lang: Lang) => {
  const project = RESOURCES[lang].project;

  test("Uniswap's page lists its funding rounds (investors are VIP's), source and as-of; its logo is from our origin", async () => {
    await session.withPage({ lang }, `fundamentals-uniswap-${lang}`, async (page) => {
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(request.url());
      });
      await open(page, '/project/uniswap');
      const section = page.getByTestId('project-funding');
      await section.getByTestId('funding-round').first().waitFor();

      await expect.poll(() => section.getByRole('heading').textContent()).toBe(project.funding.title);
      const rounds = section.getByTestId('funding-round');
      expect(await rounds.count()).toBe(2);
      const first = await rounds.nth(0).textContent();
      expect(first).toContain('Series B');
      expect(first).toMatch(lang === 'zh' ? /1\.65\s亿美元/ : /\$165\.0M/);
      // Who invested is VIP premium data: a visitor reads the rounds and that the names are VIP's; the vip
      // reading them is e2e/journeys/premium-data.e2e.ts.
      expect(first).toContain(project.funding.vipOnly);
      expect(await section.textContent()).not.toContain('Polychain Capital');
      const announcement = rounds.nth(0).getByRole('link');
      expect(await announcement.getAttribute('href')).toBe('https://blog.uniswap.org/bringing-web3-to-everyone');
      expect(await section.getByTestId('project-funding-as-of').textContent()).toContain('DefiLlama');

      // The header logo is our stored copy, loaded from this origin, and it really rendered.
      const logo = page.locator('main header img').first();
      await logo.waitFor();
      // currentSrc can still be '' just after the element appears (once in a full run under load): poll it.
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).currentSrc), { timeout: 10_000 })
        .toMatch(new RegExp(`^${baseUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/logos/uniswap\\?v=`));
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
      const origin = new URL(baseUrl()).origin;
      expect(images.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);

      // The curated labels (team, tokenomics) show in the page language.
      const fundamentals = page.getByTestId('project-fundamentals');
      expect(await fundamentals.textContent()).toContain(project.fundamentals.tokenomics);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);

      await section.scrollIntoViewIfNeeded();
      await session.screenshot(page, `fundamentals-uniswap-${lang}`, { fullPage: true });
      await session.screenshot(section, `fundamentals-uniswap-funding-${lang}`);
    });
  });

  test('a project without rounds says so honestly, and one without a stored logo shows its initial', async () => {
    await session.withPage({ lang }, `fundamentals-empty-${lang}`, async (page) => {
      await open(page, '/project/bitcoin');
      const empty = page.getByTestId('project-funding-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain('DefiLlama');
      expect(await page.locator('main header img').count()).toBe(0);
      expect(await page.locator('main header [role="img"]').first().textContent()).toBe('B');
      expect(await page.getByTestId('project-fundamentals').count()).toBe(0);
    });
  });
});
