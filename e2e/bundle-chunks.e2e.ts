import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';

// The build these browser tests serve (dist/web): the pages a phone lands on (the Lighthouse audits) load no zod.
// web-startup-imports.test.ts holds their source imports to it; this holds the chunks, because Rolldown's merging of
// small shared groups (vite.config.ts) once put the home page's code into a chunk beside a schema, and zod came with it.

type Chunk = { file: string; imports?: string[] };
const manifest = JSON.parse(readFileSync(resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The chain of static chunk imports from `from` to a chunk holding zod, or null. */
function chainToZod(from: string): string[] | null {
  const seen = new Set<string>();
  const walk = (key: string, chain: string[]): string[] | null => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return null;
    seen.add(key);
    if (/(^|\/)zod-/.test(chunk.file)) return chain;
    for (const next of chunk.imports ?? []) {
      const found = walk(next, [...chain, manifest[next]?.file ?? next]);
      if (found) return found;
    }
    return null;
  };
  return walk(from, [from]);
}

test('index.html loads no zod chunk (its scripts and modulepreloads)', () => {
  const html = readFileSync(resolve('dist/web/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const keys = Object.keys(manifest).filter((key) => files.includes(manifest[key]?.file));
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(chainToZod(key)).toBeNull();
});

test.each(['app/routes/home.tsx', 'app/routes/directory.tsx', 'app/routes/project.tsx', 'app/routes/sectors.tsx'])(
  '%s loads no zod chunk before its first paint',
  (entry) => {
    expect(manifest[entry]).toBeDefined();
    expect(chainToZod(entry)).toBeNull();
  },
);

test('zod has a chunk of its own (the check above would find nothing otherwise)', () => {
  expect(Object.values(manifest).some((chunk) => /(^|\/)zod-/.test(chunk.file))).toBe(true);
  expect(chainToZod('app/routes/settings.tsx')).not.toBeNull();
});
