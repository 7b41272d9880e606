import { relative } from 'node:path';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test files the PostgreSQL pass runs (database-test-files.ts); absent outside the unit tests' run. */
    databaseTestFiles?: string[];
  }
}

/**
 * Fails a test file that makes a run database (buildTestApp, createFreshDatabase) but is missing from the PostgreSQL
 * pass's list — which would leave its PostgreSQL behaviour untested. The list follows imports (database-test-files.ts);
 * this catches whatever reaches those helpers another way, in either pass. `testFile` defaults to the running one.
 */
export function assertOnDatabaseList(testFile = expect.getState().testPath): void {
  const list = inject('databaseTestFiles');
  if (!list || !testFile) return;
  const file = relative(process.cwd(), testFile).split('\\').join('/');
  if (!list.includes(file)) {
    throw new Error(
      `${file} makes a test database but the PostgreSQL pass would skip it: import the helper statically ` +
        '(src/server/test/database-test-files.ts follows value imports).',
    );
  }
}
