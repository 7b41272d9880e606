import { defineConfig } from 'vitest/config';

// Browser tests: e2e/support/global-setup.ts builds the web app once and starts the real server (in-memory PGlite,
// built-in catalogue) on a free port; each file drives Debian's chromium through playwright-core.
// Three files at a time: a browser test mostly waits (on the page, the server, the network) — with two workers the
// suite used ~0.65 of the two cores (6 min 24 s on a quiet machine) — so a third worker overlaps more of those waits
// (6 min 7 s with the machine otherwise at load 10). With 35 files: 9 min 55 s at three workers; four were slower
// (10 min 35 s) and timed a long journey out. Every test uses its own browser context, account and address.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // Each file's CPU seconds for CI's log (.ci/file-times-reporter.mjs).
    setupFiles: ['.ci/cpu-per-file.mjs', 'src/server/test/fast-password-hashing.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 3,
    pool: 'forks',
    // As in vitest.config.ts: a worker's files share its module cache (the server's ~80 modules and playwright are
    // imported once per worker, not per file). No e2e module keeps state between files or mocks one.
    isolate: false,
    // A guard against a hang, not a speed target: on a slower 2-core machine (2026-11-28) the whole suite ran 2.2×
    // longer than on the one before, and journeys of 15 s there took over 30 s here.
    testTimeout: 90_000,
    // In CI a failed browser test runs once more: on this 2-core machine at load 6–10 a page can miss a wait that it
    // meets on the next try, and one such miss refused a whole stop. A test that fails twice still fails the run, and
    // each one that passed only on its retry is named at the end of CI's log (.ci/file-times-reporter.mjs).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    // `expect.poll` gives up after 1 s by default, shorter than a sort or filter's refetch may take at CI's load 10–11.
    // A page's own waits (playwright's) allow 30 s; a poll that never comes true still fails.
    expect: { poll: { timeout: 15_000 } },
  },
});
