import { defineConfig } from 'vitest/config';

// Browser tests: e2e/support/global-setup.ts builds the web app once and starts the real server (in-memory PGlite,
// built-in catalogue) on a free port; each file drives Debian's chromium through playwright-core.
// Two files at a time: a browser test mostly waits (on the page, the server, the network), so two workers overlap
// those waits on the two cores; every test uses its own browser context, account and client address.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
