import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's source read as text (server tests and the bench do not import the web app): its pages as router.tsx
// declares them, and a file's imports. Used by web-route-namespaces.test.ts, web-startup-imports.test.ts and
// bench/bundle-size.ts.

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../web');
export const ROUTER = resolve(WEB_DIR, 'app/router.tsx');

/** The single-quoted words of a piece of source. */
export const quoted = (text: string) => [...text.matchAll(/'([a-z-]+)'/g)].map((m) => m[1] ?? '');

export type RoutePage = { name: string; module: string; namespaces: string[] };

/** Each lazily loaded page of router.tsx: its module (absolute path) and the namespaces loaded with it. */
export function routePages(): RoutePage[] {
  const text = readFileSync(ROUTER, 'utf8');
  const lists = new Map<string, string[]>();
  for (const m of text.matchAll(/const (\w+): RouteNamespace\[\] = \[([^\]]*)\]/g))
    lists.set(m[1] ?? '', quoted(m[2] ?? ''));
  const pages: RoutePage[] = [];
  for (const m of text.matchAll(/page\(\(\) => import\('([^']+)'\), '(\w+)'(?:, ([^;]*))?\);/g)) {
    const args = m[3] ?? '';
    const spread = [...args.matchAll(/\b([A-Z_]+)\b/g)].flatMap((n) => lists.get(n[1] ?? '') ?? []);
    pages.push({
      name: m[2] ?? '',
      module: resolve(dirname(ROUTER), m[1] ?? ''),
      namespaces: [...quoted(args), ...spread],
    });
  }
  return pages;
}

/** web/lib/i18n.ts's ROUTE_NAMESPACES: the namespaces left out of the first-load texts. */
export function routeNamespaces(): string[] {
  const text = readFileSync(resolve(WEB_DIR, 'lib/i18n.ts'), 'utf8');
  return quoted(/export const ROUTE_NAMESPACES = \[([^\]]*)\]/.exec(text)?.[1] ?? '');
}

/** The runtime imports of a source file: `import type` / `export type` erased, `import()` left out. */
export function runtimeImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(import|export)\s+([^;]*?)\s*from\s+'([^']+)'/g)) {
    const clause = match[2] ?? '';
    if (/^type\s/.test(clause)) continue;
    // `import { type A, type B } from` is kept by verbatimModuleSyntax as an import for side effects.
    found.push(match[3] ?? '');
  }
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g)) found.push(match[1] ?? '');
  return found;
}

/** The lazy imports of a source file (`import('…')`). */
export const lazyImports = (text: string) => [...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1] ?? '');

/** A relative specifier resolved against the importing file, when the file exists; packages give null. */
export function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const path = resolve(dirname(from), specifier);
  return existsSync(path) ? path : null;
}
