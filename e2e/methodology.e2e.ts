import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// /methodology states the model from the code (weights, scales, sources, rules) in zh and en, on a desk and a phone;
// the project page ranks each raw input within its sector and market-cap band.
const session = launchFileBrowser();

describe('the methodology page and cohort percentiles', () => {
  for (const lang of ['zh', 'en'] as Lang[]) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      test(`${lang} ${device}: the model, its 18 components and its rules, with no sideways scroll`, async () => {
        await session.withPage({ lang, viewport }, `methodology-${lang}-${device}`, async (page) => {
          const texts = RESOURCES[lang].methodology;
          await open(page, '/methodology');
          await expect(page.locator('main h1').textContent()).resolves.toBe(texts.title);
          const rows = page.locator('[data-testid="methodology-weights"] tr[data-input]');
          expect(await rows.count()).toBe(18);
          // X followers: the published 15 %, and 40 % × 30 / 100 = 12 % with every input present; refreshed weekly.
          const followers = page.locator('tr[data-input="twitterFollowers"] td');
          expect(await followers.allTextContents()).toEqual(
            expect.arrayContaining(['15%', '12%', RESOURCES[lang].provenance.sources.x]),
          );
          const rules = await page.locator('[data-testid="methodology-rules"]').textContent();
          expect(rules).toContain(texts.rules.evidence.replace('{{min}}', '2').replace('{{total}}', '17'));
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          expect(await findSeriousViolations(page, 'main')).toEqual([]);
          await session.screenshot(page, `methodology-${lang}-${device}`, { fullPage: true });
        });
      });
    }

    test(`${lang}: the project page ranks an input among its sector and market-cap band`, async () => {
      await session.withPage({ lang, viewport: MOBILE }, `cohort-${lang}`, async (page) => {
        await open(page, '/project/ethereum');
        const note = page.locator('[data-cohort="marketCapUsd"]');
        await note.waitFor({ state: 'visible', timeout: 15_000 });
        const text = (await note.textContent()) ?? '';
        const sector = lang === 'zh' ? /在 .+ 中位于第 \d+ 百分位/ : /\d+(st|nd|rd|th) percentile in \S+/;
        expect(text).toMatch(sector);
        await note.scrollIntoViewIfNeeded();
        await session.screenshot(page.locator('table:has([data-cohort])'), `cohort-${lang}`);
      });
    });
  }
});
