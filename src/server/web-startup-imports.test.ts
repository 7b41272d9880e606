import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { resolveLocal, runtimeImports, WEB_DIR } from './test/web-route-pages.ts';

// The code every page waits for is what main.tsx imports statically (vite.config.ts puts it all in the `startup`
// chunk); a page then waits for its route's chunk and what that imports statically. For the pages a phone lands on
// (the four Lighthouse audits, docs/web-performance.md) neither holds zod: zod alone is ~26 kB gzipped and building
// the schemas is main-thread time a phone pays before its first paint. The server checks every answer against its
// schema; the web uses the schemas' types (`import type`) and the values beside them (`*.values.ts`), and the pages
// that check a form with zod load it with their route (or, on these pages, when the form opens).
// This walks the runtime imports (type-only imports erased, lazy `import()` not followed) and names the chain that
// reaches zod.

const ENTRIES = [
  'main.tsx',
  'app/routes/home.tsx',
  'app/routes/directory.tsx',
  'app/routes/project.tsx',
  'app/routes/sectors.tsx',
  // The project page's heat panel (app/heat-slot.tsx): its own chunk, requested by the page's first render.
  'features/heat/index.ts',
];
const FORBIDDEN = ['zod'];

/** The first chain of runtime imports from the entry to a forbidden package, or null. */
function chainToForbidden(entry: string, name = relative(WEB_DIR, entry)): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return null;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (FORBIDDEN.some((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`))) {
        return [...chain, specifier];
      }
      const next = resolveLocal(file, specifier);
      if (next) {
        const found = walk(next, [...chain, relative(WEB_DIR, next)]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(entry, [name]);
}

test.each(ENTRIES)('%s imports no zod on the way to its first paint (types only from the contract)', (entry) => {
  expect(chainToForbidden(resolve(WEB_DIR, entry))).toBeNull();
});

test('the walk finds zod when a startup file imports a schema as a value', () => {
  const text = "import { type A, MeSchema } from '../../shared/api/auth.schema.ts';\nimport type { B } from 'zod';";
  expect(runtimeImports(text)).toEqual(['../../shared/api/auth.schema.ts']);
  expect(runtimeImports("import { type A } from './a.ts';")).toEqual(['./a.ts']);
  expect(runtimeImports("export type { A } from './a.ts';\nexport { b } from './b.ts';")).toEqual(['./b.ts']);
  expect(chainToForbidden(resolve(WEB_DIR, '../shared/api/auth.schema.ts'), 'auth.schema.ts')).toEqual([
    'auth.schema.ts',
    'zod',
  ]);
});
