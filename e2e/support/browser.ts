import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const ARTIFACTS_DIR = resolve('e2e-artifacts');
export const SCREENSHOT_DIR = resolve(ARTIFACTS_DIR, 'screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export type Lang = 'zh' | 'en';
export type ThemeSetting = 'light' | 'dark' | 'auto';

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * Debian's headless shell of chromium when installed (package chromium-headless-shell: the same Blink and V8 without
 * the full browser's UI layers, as Playwright itself uses for headless runs), else Debian's chromium. The shell costs
 * ~20 % less CPU for the same files (measured on five e2e files: 404 → 316 CPU-s), and CI is bound by CPU.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's chromium, headless, no network side channels (STYLE §9). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type ContextOptions = {
  lang?: Lang;
  theme?: ThemeSetting;
  viewport?: { width: number; height: number };
  /** Browser UI language (navigator.languages), for detection tests. */
  locale?: string;
  colorScheme?: 'light' | 'dark';
  /** Another server than the shared one (a test that starts its own, e.g. e2e/status.e2e.ts). */
  baseURL?: string;
  /**
   * 'allow' only for a test of the offline app shell (e2e/realtime.e2e.ts). Blocked otherwise: the service worker
   * precaches the whole build (~200 files) in every new context, about a tenth of the suite's CPU (measured on three
   * files: 11 % less CPU, 11 % less time), and once it holds the files it answers the app's own requests where
   * page.route never sees them (a chunk-failure test timed out in CI that way).
   */
  serviceWorkers?: 'allow' | 'block';
};

/** A distinct documentation address (198.18.0.0/15, RFC 2544) per context, unique across test files. */
function nextClientAddress(): string {
  const n = randomInt(1, 2 ** 17 - 2);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** A context whose localStorage already holds the language and theme, so pages render in them from the first paint. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'zh-CN',
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
    // Its own client address (the e2e server trusts the proxy header): visitor quotas are counted per context.
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
  });
  const seed = { language: options.lang, theme: options.theme };
  await context.addInitScript((values) => {
    // Only on the first document of a tab: tests that change settings must see them survive reloads.
    try {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (values.language) localStorage.setItem('language', values.language);
      if (values.theme) localStorage.setItem('theme', values.theme);
    } catch {
      // about:blank has no storage
    }
  }, seed);
  return context;
}

/** Fails the test on uncaught page errors; returns the list so a test can assert it stays empty. */
export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** Navigates and waits until the route's lazy chunk has replaced the loading spinner. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
}

/**
 * Client-side navigation (history.pushState + popstate, which react-router listens to): the app stays loaded, so a
 * sweep over many routes costs one render each instead of a full page load. Waits for the new route's h1.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  const here = await page.evaluate(() => window.location.pathname + window.location.search);
  if (here === path) return;
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('main h1')) heading.setAttribute('data-stale', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('main h1:not([data-stale])').first().waitFor({ state: 'visible' });
}

/**
 * Until the app's service worker controls the page (a context with `serviceWorkers: 'allow'`). Installing precaches
 * the whole build (~200 files): on a loaded 2-core machine that alone has taken over 20 s.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 45_000 });
}

export async function saveFailureScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(ARTIFACTS_DIR, `failure-${name}.png`), fullPage: true }).catch(() => {});
}

/**
 * Runs `run` on a page of its own fresh context: no uncaught page error is allowed, a failure leaves a full-page
 * screenshot named `failureName` in e2e-artifacts, and the context is closed either way.
 */
export async function withContextPage(
  browser: Browser,
  options: ContextOptions,
  failureName: string,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  try {
    await run(page);
    expect(errors).toEqual([]);
  } catch (error) {
    await saveFailureScreenshot(page, failureName);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * The page fits its width once layout has settled: no sideways scroll of the whole page. Right after a viewport
 * change, parts that measure themselves (ResizeObserver, charts) still hold the old width for a frame or two — on a
 * busy machine for longer — so this waits for the settled layout, and a failure names the widest elements.
 */
export async function expectNoSidewaysScroll(page: Page, width: number, label = ''): Promise<void> {
  const settled = await page
    .waitForFunction((max) => document.documentElement.scrollWidth <= max, width, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (settled) return;
  const widest = await page.evaluate((max) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-slot') ? `[data-slot=${el.getAttribute('data-slot')}]` : ''}.${String(el.className).slice(0, 60)}`;
    return [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > max + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ el, right }) => `${describe(el)} → ${Math.round(right)} px`);
  }, width);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${label} wider than ${width} px; widest: ${widest.join('; ')}`).toBeLessThanOrEqual(width);
}
