import { defineConfig } from 'vitest/config';

// Browser tests: e2e/support/global-setup.ts builds the web app once and starts the real server (in-memory PGlite,
// built-in catalogue) on a free port; each file drives Debian's chromium through playwright-core.
// Files run one after another: the machine has two cores, and the server and chromium share them.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
