import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './src/server/test/database-test-files.ts';

// The PostgreSQL pass (TEST_DATABASE_URL set) runs only the files whose behaviour depends on the database: those that
// reach buildTestApp or read TEST_DATABASE_URL (database-test-files.ts). The rest — pure functions, and the CLI and
// lock tests that open an on-disk PGlite either way — would run the same code twice.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: onPostgres ? databaseTestFiles() : ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Each HTTP test file opens its own PGlite (WASM, ~100 MB); two cores → a small pool.
    pool: 'forks',
    // One migrated PGlite template per run (src/server/test/global-setup.ts).
    // Each file's CPU seconds for CI's log (.ci/file-times-reporter.mjs).
    setupFiles: ['.ci/cpu-per-file.mjs', 'src/server/test/fast-password-hashing.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    maxWorkers: 2,
    // Test files share their worker's module cache instead of re-importing the app (~80 modules through the
    // transformer) for each of ~130 files: measured on 15 route files, import time 92 s → 19 s and CPU −39 %. Safe
    // because no test mocks modules or keeps state in one (vi.mock, vi.stubEnv and module-level singletons are unused;
    // module caches such as the migrations journal are read-only). Each file still runs in a fresh module of its own.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
