import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Where test files live (vitest.config.ts includes the same). */
const TEST_ROOTS = ['src', 'bench'];
const TEST_FILE = /\.test\.ts$/;
/** A module that picks the database by the run: the PostgreSQL pass sets TEST_DATABASE_URL. */
const READS_RUN_DATABASE = /TEST_DATABASE_URL|postgresTemplate/;
/** Value imports and re-exports (`import type` / `export type` are erased), side-effect and literal dynamic imports. */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[\w$*{},\s]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

/**
 * The test files whose behaviour depends on the run's database: those whose static imports reach a module that reads
 * TEST_DATABASE_URL or the PostgreSQL template — build-test-app.ts (every HTTP test), the CLI and two-instance helpers,
 * and tests that read it themselves. The PostgreSQL pass runs only these: the others (pure functions, and the CLI and
 * lock tests that open an on-disk PGlite whatever the run) would run the same code a second time.
 * A file that reaches buildTestApp another way is stopped by buildTestApp itself (assertOnDatabaseList).
 * Paths are relative to `root`, with forward slashes, sorted.
 */
export function databaseTestFiles(root = process.cwd()): string[] {
  // Every module the test files reach, each read once, with who imports it.
  const importers = new Map<string, string[]>();
  const reading: string[] = [];
  const queue = testFiles(root);
  const seen = new Set(queue);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const text = readFileSync(file, 'utf8');
    if (READS_RUN_DATABASE.test(text)) reading.push(file);
    for (const imported of localImports(file, text)) {
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  // Then back from the modules that read the run's database to everything that imports them.
  const dependent = new Set(reading);
  for (let file = reading.pop(); file !== undefined; file = reading.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (!dependent.has(importer)) {
        dependent.add(importer);
        reading.push(importer);
      }
    }
  }
  return [...dependent]
    .filter((file) => TEST_FILE.test(file))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}

function testFiles(root: string): string[] {
  return TEST_ROOTS.flatMap((folder) => {
    const dir = join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => TEST_FILE.test(name) && !name.split(/[\\/]/).includes('node_modules'))
      .map((name) => join(dir, name));
  });
}

/** The repository files a module imports by relative path (packages cannot read the run's database URL). */
function localImports(file: string, text: string): string[] {
  const imports: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? match[2] ?? '');
    const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
    const hit = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
    if (hit) imports.push(hit);
  }
  return imports;
}
