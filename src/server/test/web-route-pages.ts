import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's pages as router.tsx declares them, read as text (server tests and the bench do not import the web
// app): used by web-route-namespaces.test.ts and bench/bundle-size.ts.

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
