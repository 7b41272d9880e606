// Builds the server for `npm start`: an ESM bundle of our code (main.mjs, plus chunks for what it imports on first use;
// dependencies stay in node_modules) and the files it reads next to itself at run time (migrations, catalogue data).
// Running plain JS instead of TypeScript through tsx takes ~85 MB less memory (measured at 100k projects under load:
// peak RSS 306 MB against 392 MB) and starts faster.
// Usage: node scripts/build-server.mjs [--if-stale]
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const OUT_DIR = 'dist/server';
export const SERVER_ENTRY = `${OUT_DIR}/main.mjs`;

export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than any server or shared source (or the lock file). */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const builtAt = statSync(SERVER_ENTRY).mtimeMs;
  return (
    newestMtime('src/server') > builtAt ||
    newestMtime('src/shared') > builtAt ||
    statSync('package.json').mtimeMs > builtAt
  );
}

export async function buildServer() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  // Paths resolved with new URL('./…', import.meta.url) in src/server/db/client.ts and src/server/features/catalogue/catalogue.data.ts
  // point next to the bundle, so the folders they name are copied there.
  cpSync('src/server/db/migrations', `${OUT_DIR}/migrations`, { recursive: true });
  cpSync('src/server/features/catalogue/data', `${OUT_DIR}/data`, { recursive: true });
  await build({
    entryPoints: ['src/server/main.ts'],
    // Split at dynamic imports: a module the code loads on first use (the xlsx and pdf writers, with exceljs and
    // pdfkit) becomes a chunk of its own instead of a static import of the one bundle, so a server that never exports
    // never loads it. Chunks sit beside main.mjs, where paths relative to import.meta.url expect them.
    outdir: OUT_DIR,
    entryNames: 'main',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

// pathToFileURL, not a `file://` string: a checkout path with spaces or non-ASCII characters is percent-encoded.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) await buildServer();
}
