import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { type Lang, open } from './support/browser.ts';
import { ATTENTION_FIXTURE, control } from './support/control-server.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// The project page's breakdown shows the news and interest signals (GDELT, Wikipedia page views, Reddit)
// with their source and as-of, and Reddit's posts beside their distinct authors, in zh and in en.
const PROJECT = 'chainlink';
/** A burst: 100 Reddit posts by 2 accounts, scored as 6 (the distinct-authors rule). */
const BURST = 'pyth-network';
const session = launchFileBrowser();
let asOf: string;

beforeAll(async () => {
  await control(inject('controlUrl'), `/attention?project=${PROJECT}`);
  await control(inject('controlUrl'), `/attention?project=${BURST}&posts=100&authors=2`);
  const heat = await fetch(new URL(`/api/projects/${PROJECT}/heat`, inject('baseUrl')));
  const body = (await heat.json()) as { sources: Record<string, { asOf: string }> };
  asOf = body.sources.newsMentions?.asOf ?? '';
});

describe.each(['zh', 'en'] as const)('attention signals on the project page in %s', (lang: Lang) => {
  const heat = RESOURCES[lang].heat;
  const project = RESOURCES[lang].project;
  const provenance = RESOURCES[lang].provenance;
  const { newsMentions, googleTrends, redditMentions, redditAuthors } = ATTENTION_FIXTURE;

  test('the breakdown names GDELT, Wikipedia page views and Reddit with their as-of; Reddit shows its authors', async () => {
    await session.withPage({ lang }, `attention-${lang}`, async (page) => {
      await open(page, `/project/${PROJECT}`);
      await page.locator('[data-slot="heat-breakdown"] canvas').first().waitFor();
      const date = await page.evaluate(
        (iso) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date(iso)),
        asOf,
      );
      const row = (key: string): Locator => page.locator(`main tr:has(th[data-component="${key}"])`).first();
      const asOfLine = (source: string) => fillTemplate(provenance.line.asOf, { date, source });

      const news = row('newsMentions');
      expect(await news.locator('th').textContent()).toContain(heat.components.newsMentions);
      expect(await news.locator('th').textContent()).toContain(asOfLine(provenance.sources.gdelt));
      expect(await news.locator('td').first().textContent()).toContain(String(newsMentions));

      const interest = row('googleTrends');
      expect(await interest.locator('th').textContent()).toContain(heat.components.googleTrends);
      expect(await interest.locator('th').textContent()).toContain(asOfLine(provenance.sources.wikipedia));
      expect(await interest.locator('td').first().textContent()).toContain(`${googleTrends}/100`);

      const reddit = row('redditMentions');
      expect(await reddit.locator('th').textContent()).toContain(asOfLine(provenance.sources.reddit));
      const authors = fillTemplate(heat.table.postsAuthors, { posts: redditMentions, authors: redditAuthors });
      expect(await reddit.locator('[data-reddit-authors]').textContent()).toBe(authors);

      // The figures card: "42 posts · 31 authors" under Reddit mentions.
      const card = page.locator('dd:has([data-reddit-authors])');
      expect(await card.locator('[data-reddit-authors]').textContent()).toBe(
        fillTemplate(project.metrics.redditPostsAuthors, { posts: redditMentions, authors: redditAuthors }),
      );
      expect(await card.textContent()).toContain(asOfLine(provenance.sources.reddit));

      // Wikipedia page views are search interest, never "Google trends".
      expect(await page.locator('main').textContent()).not.toMatch(/google\s*trends|谷歌趋势/i);
      await reddit.scrollIntoViewIfNeeded();
      await session.screenshot(page, `attention-${lang}-breakdown`);
      await page.locator('dd:has([data-reddit-authors])').scrollIntoViewIfNeeded();
      await session.screenshot(page, `attention-${lang}-metrics`);
    });
  });

  test('a burst from two accounts: "100 posts · 2 authors", scored as 6', async () => {
    await session.withPage({ lang }, `attention-burst-${lang}`, async (page) => {
      await open(page, `/project/${BURST}`);
      await page.locator('[data-slot="heat-breakdown"] canvas').first().waitFor();
      const note = page.locator('main tr:has(th[data-component="redditMentions"]) [data-reddit-authors]').first();

      expect(await note.textContent()).toBe(
        fillTemplate(heat.table.postsAuthors, { posts: 100, authors: 2 }) + fillTemplate(heat.table.scoredAs, { n: 6 }),
      );
      await note.scrollIntoViewIfNeeded();
      await session.screenshot(page, `attention-${lang}-burst`);
    });
  });
});
