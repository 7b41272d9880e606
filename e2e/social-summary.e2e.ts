import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI_ACTOR } from '../src/server/audit/audit-log.service.ts';
import { runIngestionSource } from '../src/server/features/ingestion/ingestion.service.ts';
import { createSocialAccount } from '../src/server/features/social-accounts/social-accounts.service.ts';
import { type FakeServer, startFakeServer } from '../src/server/sources/testing/fake-server.ts';
import { fakeXAave, X_MARKUP_TEXT } from '../src/server/sources/testing/x-fixtures.ts';
import { insertProject } from '../src/server/test/factories.ts';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { startOwnServer } from './support/own-server.ts';

// With X configured, the project page shows the spec's social summary — the official account, the
// 7-day mentions and the most engaged recent posts (text as text, each linked), with source and as-of. This file's
// own server has SECRET_KEY and one X account; its X is a local fake, read once through the real X ingestion. The
// shared server has no SECRET_KEY: there the section says X is not configured, with no number made up.
const SECRET_KEY = 'e2e-social-summary-secret-key-0123456789ab';
const session = launchFileBrowser();

let fake: FakeServer;
let baseURL: string;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeServer(fakeXAave());
  const server = await startOwnServer({
    env: { SECRET_KEY, X_BASE_URL: fake.url, INGEST_TIMEOUT_MS: '2000', INGEST_SOCIAL_PAUSE_MS: '0' },
  });
  const { db } = server.runtime.handle;
  await insertProject(db, { id: 'aave', name: 'Aave', twitterHandle: '@aave', socialScore: 62 });
  await createSocialAccount(db, CLI_ACTOR, SECRET_KEY, { label: 'e2e', bearerToken: 'e2e-token' });
  const result = await runIngestionSource({ db, config: server.config, events: server.runtime.events }, 'x', 'cli');
  if (result.failed || result.updatedIds.length !== 1) throw new Error(`X stored nothing: ${result.errors.join('; ')}`);
  baseURL = server.baseURL;
  close = async () => {
    await server.close();
    await fake.close();
  };
}, 120_000);
afterAll(() => close?.());

async function expectNoSideScroll(page: Page) {
  await page.setViewportSize(MOBILE);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await page.setViewportSize(DESKTOP);
}

describe.each(['zh', 'en'] as const)('project social summary (%s)', (lang: Lang) => {
  const texts = RESOURCES[lang].project.social;

  test('X configured: the official account, 7-day mentions and the most engaged posts, linked, with as-of', async () => {
    await session.withPage({ lang, baseURL }, `social-summary-${lang}`, async (page) => {
      await open(page, '/project/aave');
      const section = page.getByTestId('project-social');
      await section.getByTestId('social-post').first().waitFor();

      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(texts.title);
      expect(await section.getByRole('link', { name: /@Aave/ }).getAttribute('href')).toBe('https://x.com/Aave');
      // 6,953 mentions in 7 days: below 10,000 Chinese shows the whole count, English the compact K.
      expect(await section.locator('[data-social-figure="mentions"]').textContent()).toMatch(
        lang === 'zh' ? /^6,953$/ : /^7(\.0)?K$/,
      );
      const posts = section.getByTestId('social-post');
      expect(await posts.count()).toBe(5);
      expect(await posts.nth(0).getByRole('link').getAttribute('href')).toBe(
        'https://x.com/Aave/status/1830000000000000004',
      );
      // The post's markup is its text: shown as characters, never as elements.
      await section.getByText(X_MARKUP_TEXT, { exact: true }).waitFor();
      expect(await section.locator('script, b').count()).toBe(0);
      expect(await section.getByTestId('project-social-as-of').textContent()).toContain('X');
      expect(await section.locator('[data-social-state]').count()).toBe(0);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);

      await section.scrollIntoViewIfNeeded();
      await session.screenshot(section, `social-summary-${lang}`);
      await expectNoSideScroll(page);
      await section.scrollIntoViewIfNeeded();
      await session.screenshot(section, `social-summary-${lang}-390`);
    });
  });

  test('the shared server has no SECRET_KEY: the section says X is not configured, with no figure', async () => {
    await session.withPage({ lang }, `social-summary-not-configured-${lang}`, async (page) => {
      await open(page, '/project/uniswap');
      const section = page.getByTestId('project-social');
      const note = section.locator('[data-social-state="not-configured"]');
      await note.waitFor();

      expect(await note.textContent()).toBe(texts.notConfigured);
      // No figure at all: the catalogue's sample followers stay in the metrics section, marked as the sample.
      expect(await section.locator('[data-social-figure]').count()).toBe(0);
      expect(await section.getByTestId('social-post').count()).toBe(0);
      expect(await section.getByRole('link', { name: /@Uniswap/ }).getAttribute('href')).toBe('https://x.com/Uniswap');
    });
  });
});
