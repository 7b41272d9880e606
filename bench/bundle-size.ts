import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routePages } from '../src/server/test/web-route-pages.ts';

// JavaScript each route downloads before it can render, gzipped: the entry chunk and everything it imports
// statically, the UI texts of the default language (zh, loaded before the first render), plus the route's own lazy
// chunk, its static imports and the zh texts router.tsx loads with it (its route namespaces). Chunks a page loads
// later on demand (ECharts for the sector map, the heat charts) are not counted: they arrive after the page is usable.
// Reads Vite's manifest (build.manifest in vite.config.ts); run after `vite build`.

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Loaded by main.tsx before the first render (src/web/lib/i18n.ts). */
const STARTUP_MODULES = ['lib/locale-zh.ts'];

/** Route → source module of its page (see src/web/app/router.tsx): the pages Lighthouse audits too. */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'app/routes/home.tsx',
  '/directory': 'app/routes/directory.tsx',
  '/project/:id': 'app/routes/project.tsx',
  '/sectors': 'app/routes/sectors.tsx',
};

/** Gzipped kilobytes of JavaScript (and how many files) each route in ROUTE_MODULES loads, in a build at `distDir`. */
export async function measureBundleSizes(
  distDir: string,
): Promise<{ route: string; jsGzipKb: number; files: number }[]> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const startupKeys = startupChunkKeys(distDir, manifest);

  return Object.entries(ROUTE_MODULES).map(([route, source]) => {
    const routeKey = findKey(manifest, source);
    const texts = routeTexts(source).map((ns) => findKey(manifest, `/shared/locales/zh/${ns}.json`));
    const files = new Set<string>();
    for (const key of [...startupKeys, ...STARTUP_MODULES.map((m) => findKey(manifest, m)), routeKey, ...texts]) {
      collectStatic(manifest, key, files);
    }
    const scripts = [...files].filter((file) => file.endsWith('.js'));
    const bytes = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
      0,
    );
    return { route, jsGzipKb: Math.round((bytes / 1024) * 10) / 10, files: scripts.length };
  });
}

/**
 * The chunks index.html loads (its module scripts and modulepreloads): the entry and what it imports. Read from the
 * page itself because the startup chunk group in vite.config.ts takes the entry's code out of the chunk the manifest
 * marks as the entry.
 */
function startupChunkKeys(distDir: string, manifest: Manifest): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
  const keys = Object.keys(manifest).filter((key) => referenced.includes(manifest[key]?.file));
  if (keys.length === 0) throw new Error(`index.html in ${distDir} loads no chunk of the manifest`);
  return keys;
}

/** The route namespaces router.tsx loads with the page module `source` (the first page declared on it). */
function routeTexts(source: string): string[] {
  const page = routePages().find((p) => p.module.endsWith(`/src/web/${source}`));
  if (!page) throw new Error(`router.tsx declares no page in ${source}`);
  return page.namespaces;
}

function findKey(manifest: Manifest, source: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) throw new Error(`No chunk for ${source} in the manifest`);
  return key;
}

function collectStatic(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectStatic(manifest, imported, files);
}

// `node --import tsx bench/bundle-size.ts [distDir]` prints the table on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  measureBundleSizes(process.argv[2] ?? 'dist/web').then(
    (rows) => console.table(rows),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
