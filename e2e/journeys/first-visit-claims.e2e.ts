import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DataStateResponseSchema } from '../../src/shared/api/data-state.schema.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { LEVEL_POINT_THRESHOLDS } from '../../src/shared/membership/level.ts';
import {
  ADS_PER_DAY,
  DAILY_TASKS_PER_DAY,
  POINTS_PER_AD,
  POINTS_PER_DAILY_TASK,
} from '../../src/shared/membership/tasks.ts';
import { fetchPlatforms, fetchProjects } from '../support/api.ts';
import { baseUrl, expectNoSidewaysScroll, type Lang, MOBILE, navigate, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';

// The first visit's claims follow the data. The shared e2e server holds the built-in
// catalogue and no source has ever answered: every market figure is the sample as of 2025-06-30. So the home page,
// the directory and the data table carry one notice saying so (linking /status) and no "live" wording; the footer's
// badges link to what backs them and state the fact; public statistics the instance cannot compute say why in words;
// an unknown URL lands on / with the spec's 页面未找到 / "Page not found" toast; an area has one name in the header,
// the footer and its page title; the information pages tell this instance's truth.

const LOCALES = { zh, en } as const;
const DESKTOP_WIDE = { width: 1440, height: 900 } as const;
const SAMPLE_DATE: Record<Lang, string> = { zh: '2025年6月30日', en: 'Jun 30, 2025' }; // lib/format.ts formatDate

const session = launchFileBrowser();
let verifiedCount: number;
let platformCount: number;

beforeAll(async () => {
  const [state, verified, platforms] = await Promise.all([
    fetch(new URL('/api/data-state', baseUrl())).then(async (res) => DataStateResponseSchema.parse(await res.json())),
    fetchProjects('limit=1&verified=true'),
    fetchPlatforms(),
  ]);
  // The premise of every assertion below: a sample-only instance.
  expect(state.figures).toBe('sample');
  verifiedCount = verified.total;
  platformCount = platforms.items.length;
});

/** A template's text with {{name}} filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));

const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

const WALKS = [
  { lang: 'zh', viewport: DESKTOP_WIDE, label: '1440' },
  { lang: 'zh', viewport: MOBILE, label: '390' },
  { lang: 'en', viewport: DESKTOP_WIDE, label: '1440' },
  { lang: 'en', viewport: MOBILE, label: '390' },
] as const;

describe.each(WALKS)('first visit, claims ($lang, $label px)', ({ lang, viewport, label }) => {
  const t = LOCALES[lang];
  const shot = (page: Page, name: string, fullPage = false) =>
    session.screenshot(page, `first-visit-claims-${name}-${lang}-${label}`, { fullPage });

  test('home, directory, data table, footer, an unknown URL and the information pages say what is so', async () => {
    await session.withPage({ lang, viewport }, `first-visit-claims-${lang}-${label}`, async (page) => {
      // --- Home: one sample notice linking /status, no "live" wording, statistics that say why.
      await open(page, '/');
      const notice = page.getByTestId('data-state-notice');
      await notice.waitFor();
      expect(await page.getByTestId('data-state-notice').count()).toBe(1);
      expect(await notice.textContent()).toContain(fill(t.provenance.dataState.sample, { date: SAMPLE_DATE[lang] }));
      expect(await notice.getByRole('link', { name: t.provenance.dataState.status }).getAttribute('href')).toBe(
        '/status',
      );
      await page.getByRole('heading', { name: t.home.stats.titleNotLive, level: 2 }).waitFor();
      await page.locator('[data-stat="totalProjects"]').getByText(/\d/).waitFor();
      // The features render once the first page is up (far below the first screen).
      await page.getByRole('heading', { name: t.home.features.title, level: 2 }).waitFor();
      const home = await mainText(page);
      expect(home).not.toContain(t.home.stats.title);
      expect(home).not.toContain(t.home.features.realtime.title);
      expect(home).toContain(t.home.features.refresh.title);
      // No member on a fresh start: the user figures say so in words. (Other files sign up on this server too: then
      // a figure is a number, or growth says it needs members older than its window.)
      const stats = await page.locator('[data-stat]').allTextContents();
      expect(stats.join('|')).not.toContain('—');
      const why = t.home.stats.why;
      const users = (await page.locator('[data-stat="totalUsers"]').textContent()) ?? '';
      if (!/\d/.test(users)) {
        expect(users).toBe(why.noMembers);
        expect(await page.locator('[data-stat="dailyActive"]').textContent()).toBe(why.noMembers);
      }
      for (const [key, reason] of [
        ['weeklyGrowth', why.growthWeek],
        ['monthlyGrowth', why.growthMonth],
      ] as const) {
        const shown = (await page.locator(`[data-stat="${key}"]`).textContent()) ?? '';
        expect([reason, why.noMembers].includes(shown) || /\d/.test(shown), `${key}: ${shown}`).toBe(true);
      }
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, 'home', true);

      // --- Footer badges: each links to what backs it and states the fact.
      const footer = page.getByRole('contentinfo');
      const badges = footer.getByRole('list', { name: t.app.footer.facts.label });
      await badges.scrollIntoViewIfNeeded();
      const badge = (key: string) => badges.locator(`a[data-badge="${key}"]`);
      const expected = {
        ai: { href: '/analytics', fact: t.app.footer.facts.aiTemplate },
        security: { href: '/privacy', fact: t.app.footer.facts.storagePglite },
        certification: {
          href: '/directory?verified=true',
          fact:
            verifiedCount === 0
              ? t.app.footer.facts.verifiedNone
              : fill(verifiedCount === 1 ? t.app.footer.facts.verified_one : t.app.footer.facts.verified_other, {
                  count: verifiedCount,
                }),
        },
        global: {
          href: '/platforms',
          fact: fill(t.app.footer.facts.platforms_other, { count: platformCount }),
        },
      };
      for (const [key, { href, fact }] of Object.entries(expected)) {
        await badge(key).getByText(fact).waitFor();
        expect(await badge(key).getAttribute('href'), key).toBe(href);
        expect(await badge(key).textContent(), key).toContain(t.app.footer.features[key as keyof typeof expected]);
      }
      expect(await footer.textContent()).not.toContain(lang === 'zh' ? '专业认证' : 'Professional certification');
      await session.screenshot(footer, `first-visit-claims-footer-${lang}-${label}`);

      // --- One name per thing: the footer's product links read as the header's, and each page is titled so.
      for (const area of ['directory', 'sectors', 'platforms'] as const) {
        expect(t.app.footer.links[area], area).toBe(t.app.nav[area]);
        await footer.getByRole('link', { name: t.app.nav[area], exact: true }).waitFor();
      }
      if (viewport.width >= 1024) {
        const header = page.getByRole('banner');
        for (const area of ['directory', 'sectors', 'platforms'] as const) {
          await header.getByRole('link', { name: t.app.nav[area], exact: true }).waitFor();
        }
      }
      await badge('global').click();
      await page.getByRole('heading', { name: t.app.nav.platforms, level: 1 }).waitFor();

      // --- The directory and the data table carry the same one notice.
      await navigate(page, '/directory');
      await page.getByRole('heading', { name: t.app.nav.directory, level: 1 }).waitFor();
      await page.getByTestId('data-state-notice').waitFor();
      expect(await page.getByTestId('data-state-notice').count()).toBe(1);
      await shot(page, 'directory');
      await navigate(page, '/data-tool');
      await page.getByTestId('data-state-notice').waitFor();
      expect(await page.getByTestId('data-state-notice').count()).toBe(1);
      await navigate(page, '/sectors');
      await page.getByRole('heading', { name: t.app.nav.sectors, level: 1 }).waitFor();

      // --- An unknown URL lands on / and says so.
      await page.goto('/no-such-page/claims', { waitUntil: 'domcontentloaded' });
      const toast = page.getByRole('alert').filter({ hasText: t.app.notFound.title });
      await toast.waitFor();
      // The pointer rests on the toast, as a reader's would, so it stays while the page settles (it closes itself
      // after 5 s otherwise, which a busy machine can spend before the close button is pressed).
      await toast.hover();
      expect(await toast.textContent()).toContain(fill(t.app.notFound.text, { path: '/no-such-page/claims' }));
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('main h1').first().waitFor();
      await shot(page, 'not-found');
      await toast.getByRole('button', { name: t.app.toast.close }).click();
      await toast.waitFor({ state: 'detached' });

      // --- Information pages: self-service deletion, the points/tasks/ads rules, no unconfigured channel.
      await navigate(page, '/privacy');
      const privacy = await mainText(page);
      expect(privacy).toContain(t.pages.privacy.rights1);
      expect(privacy).not.toContain(lang === 'zh' ? '尚不支持自助删除' : 'no self-service deletion');
      await shot(page, 'privacy', true);
      await navigate(page, '/terms');
      await page.getByRole('heading', { name: t.pages.terms.pointsTitle, level: 2 }).waitFor();
      const terms = await mainText(page);
      const rules = {
        ad: POINTS_PER_AD,
        adCap: ADS_PER_DAY,
        task: POINTS_PER_DAILY_TASK,
        taskCap: DAILY_TASKS_PER_DAY,
        achievement: 100,
        premium: LEVEL_POINT_THRESHOLDS.premium,
        vip: LEVEL_POINT_THRESHOLDS.vip,
      };
      expect(terms).toContain(fill(t.pages.terms.points1, rules));
      expect(terms).toContain(fill(t.pages.terms.points2, rules));
      expect(rules).toMatchObject({ ad: 10, adCap: 10, task: 50, taskCap: 5, premium: 1000, vip: 5000 }); // spec §9
      await shot(page, 'terms', true);
      await navigate(page, '/contact');
      await page.getByText(t.pages.contact.notConfigured).waitFor();
      const contact = await mainText(page);
      expect(contact).toContain(t.pages.contact.securityNoEmail);
      expect(contact).not.toContain(t.pages.contact.security1);
      await shot(page, 'contact', true);

      // --- The same pages on a live instance and a stale one (the server's answer stood in for): the wording follows.
      if (viewport.width < 1024) return;
      const answer = (figures: 'live' | 'stale') => {
        const at = new Date(Date.now() - (figures === 'live' ? 10 : 300) * 60_000).toISOString();
        return DataStateResponseSchema.parse({
          asOf: new Date().toISOString(),
          figures,
          figuresAsOf: at,
          sample: null,
          sources: [],
        });
      };
      await page.route('**/api/data-state', (route) => route.fulfill({ json: answer('live') }));
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: t.home.stats.title, level: 2 }).waitFor();
      await page.getByText(t.home.features.realtime.title, { exact: true }).waitFor();
      expect(await page.getByTestId('data-state-notice').count()).toBe(0);
      await page.unroute('**/api/data-state');
      await page.route('**/api/data-state', (route) => route.fulfill({ json: answer('stale') }));
      await page.goto('/directory', { waitUntil: 'domcontentloaded' });
      const stale = page.getByTestId('data-state-notice');
      await stale.waitFor();
      expect(await stale.getAttribute('data-figures')).toBe('stale');
      expect(await stale.textContent()).toContain(t.provenance.dataState.stale.split('{{date}}')[1]?.trim() ?? '');
    });
  });
});
