import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertOnDatabaseList } from './database-list-guard.ts';
import { databaseTestFiles } from './database-test-files.ts';

describe('the PostgreSQL pass list', () => {
  const list = databaseTestFiles();

  it('holds the HTTP tests, the tests that make a database through a helper, and those that read the URL themselves', () => {
    expect(list).toEqual(
      expect.arrayContaining([
        'src/server/features/search/search.routes.test.ts', // buildTestApp
        'src/server/cli/admin-maintenance.test.ts', // through admin-cli-test-support.ts
        'src/server/reliability/two-instances.test.ts', // through two-instances.checks.ts
        'src/server/events/event-bus.test.ts', // createFreshDatabase and its own TEST_DATABASE_URL branch
        'src/server/reliability/kill-nine.test.ts', // reads TEST_DATABASE_URL
      ]),
    );
  });

  it('leaves out pure tests and the CLI and lock tests that open an on-disk PGlite whatever the run', () => {
    for (const file of [
      'src/shared/scoring/heat-score.test.ts',
      'src/web/features/compare/compare-ids.test.ts',
      'src/server/cli/recompute.test.ts',
      'src/server/db/data-dir-lock.test.ts',
    ]) {
      expect(list).not.toContain(file);
    }
  });

  it('covers every test file that calls buildTestApp or createFreshDatabase', () => {
    const naming = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `src/${name.split('\\').join('/')}`)
      .filter((file) => /\b(buildTestApp|createFreshDatabase)\(/.test(readFileSync(file, 'utf8')));
    expect(naming.length).toBeGreaterThan(50);
    expect(naming.filter((file) => !list.includes(file))).toEqual([]);
  });
});

describe('following imports', () => {
  const root = mkdtempSync(join(tmpdir(), 'database-test-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('src/db.ts', "export const url = process.env.TEST_DATABASE_URL;\nimport { loop } from './loop.ts';\n");
  write('src/loop.ts', "import { url } from './db.ts';\nexport const loop = url;\n");
  write('src/helper.ts', "export { url } from './db';\n");
  write('src/types-only.ts', "import type { url } from './db.ts';\nexport type Url = typeof url;\n");
  write('src/re-exported.test.ts', "import { url } from './helper.ts';\nconsole.log(url);\n");
  write('src/dynamic.test.ts', "const { url } = await import('./helper.ts');\n");
  write('src/through-cycle.test.ts', "import { loop } from './loop.ts';\n");
  write('src/pure.test.ts', "import type { Url } from './types-only.ts';\nimport { x } from 'some-package';\n");
  write('bench/own.test.ts', "const pass = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';\n");

  it('finds a database through re-exports, dynamic imports and cycles; type-only imports do not count', () => {
    expect(databaseTestFiles(root)).toEqual([
      'bench/own.test.ts',
      'src/dynamic.test.ts',
      'src/re-exported.test.ts',
      'src/through-cycle.test.ts',
    ]);
  });
});

describe('a test file that makes a database but is off the list', () => {
  it('is stopped by the database helpers, in either pass, instead of silently skipping PostgreSQL', () => {
    expect(() => assertOnDatabaseList('src/shared/scoring/heat-score.test.ts')).toThrow(/PostgreSQL pass would skip/);
    expect(() => assertOnDatabaseList(join(process.cwd(), 'src/shared/scoring/heat-score.test.ts'))).toThrow();
    // This file is on the list (it names the database URL above), and the running file is found by its path.
    expect(() => assertOnDatabaseList()).not.toThrow();
  });
});
