import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type ContextOptions, launchBrowser, newContext, SCREENSHOT_DIR, withContextPage } from './browser.ts';

/**
 * Screenshots are for a person to look at (e2e-artifacts/screenshots): taken on every local run, skipped where no one
 * will (E2E_SCREENSHOTS=0, which CI sets unless it is asked to keep them) — encoding full-page PNGs is CPU the checks
 * do not need.
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS !== '0';

export type BrowserSession = {
  /** The worker's browser, ready from the file's first beforeAll (see browserOfWorker). */
  readonly browser: Browser;
  /** The folder this file's screenshots go to (created before the tests). */
  readonly dir: string;
  /** `<dir>/<name>.png` of a page (the viewport unless `fullPage`) or of one element. */
  screenshot: (target: Page | Locator, name: string, options?: { fullPage?: boolean }) => Promise<Buffer>;
  /** A fresh context of the file's browser (support/browser.ts newContext). */
  newContext: (options?: ContextOptions) => Promise<BrowserContext>;
  /** withContextPage on the file's browser: no page error allowed, a failure screenshot, the context closed. */
  withPage: (options: ContextOptions, failureName: string, run: (page: Page) => Promise<void>) => Promise<void>;
};

/**
 * One chromium per vitest worker, shared by the files the worker runs one after another (the e2e config keeps a
 * worker's module cache between files): a launch costs ~0.7 CPU-s, 52 of them ~35 CPU-s of a CI run bound by CPU.
 * A browser that went away (a crash) is launched again for the next file; playwright closes the last one when the
 * worker process exits.
 */
let workerBrowser: Promise<Browser> | undefined;
function browserOfWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launching) workerBrowser = undefined;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = undefined;
      },
    );
  }
  return workerBrowser;
}

/**
 * The browser set-up every e2e file shares: call it once at the top of the file (before its own beforeAll, which
 * may then use the browser). The worker's chromium (above); every context the file left open is closed after the
 * file, so the next file starts with none. `dir` (default e2e-artifacts/screenshots) exists before the first test.
 */
export function launchFileBrowser(dir: string = SCREENSHOT_DIR): BrowserSession {
  let browser: Browser | undefined;
  const folder = resolve(dir);
  beforeAll(async () => {
    browser = await browserOfWorker();
    mkdirSync(folder, { recursive: true });
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('launchFileBrowser: the browser is used before beforeAll ran');
    return browser;
  };
  return {
    get browser() {
      return launched();
    },
    dir: folder,
    screenshot: async (target, name, options = {}) => {
      if (!SCREENSHOTS_WANTED) {
        // The target must still be there and visible, as a screenshot would have waited for it.
        if (!('goto' in target)) await target.waitFor({ state: 'visible' });
        return Buffer.alloc(0);
      }
      const path = resolve(folder, `${name}.png`);
      if ('goto' in target) return target.screenshot({ path, ...(options.fullPage ? { fullPage: true } : {}) });
      return target.screenshot({ path });
    },
    newContext: (options) => newContext(launched(), options),
    withPage: (options, failureName, run) => withContextPage(launched(), options, failureName, run),
  };
}
