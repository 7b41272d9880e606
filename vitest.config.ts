import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Each HTTP test file opens its own PGlite (WASM, ~100 MB); two cores → a small pool.
    pool: 'forks',
    // One migrated PGlite template per run (src/server/test/global-setup.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
