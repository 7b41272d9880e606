import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { en as catalogue } from '../shared/locales/index.ts';
import {
  lazyImports,
  quoted,
  ROUTER,
  resolveLocal,
  routeNamespaces,
  routePages,
  runtimeImports,
  WEB_DIR,
} from './test/web-route-pages.ts';

// A namespace left out of the first-load texts (ROUTE_NAMESPACES) is loaded by the route that renders it (router.tsx)
// or by the lazy component that does (`loadNamespaces` beside its `import()`). A component that speaks a namespace its
// page did not load shows raw keys. This walks the code each page can run (static and lazy imports) from main.tsx and
// from each route's page module, and fails naming the file that speaks a namespace nobody loaded for it.

const ALL = Object.keys(catalogue);
const ROUTE_NAMESPACES = routeNamespaces();
const FIRST_LOAD = ALL.filter((ns) => !ROUTE_NAMESPACES.includes(ns));
const NAMESPACE_ALTERNATION = ALL.join('|');

/** The namespaces a source file speaks: useTranslation's, getFixedT's and every `ns:key` literal. */
function namespacesSpoken(text: string): Set<string> {
  const spoken = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = quoted(m[1] ?? '');
    for (const ns of named.length > 0 ? named : ['common']) spoken.add(ns);
  }
  for (const m of text.matchAll(/getFixedT\([^,]+,\s*'([a-z-]+)'/g)) spoken.add(m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`['"\`](${NAMESPACE_ALTERNATION}):[a-zA-Z$]`, 'g'))) spoken.add(m[1] ?? '');
  return spoken;
}

/** Local source modules a file imports: `[static, lazy]`, type-only imports left out. */
function importsOf(file: string, text: string): [string[], string[]] {
  const local = (specifiers: string[]) =>
    specifiers
      .map((specifier) => resolveLocal(file, specifier))
      .filter((p): p is string => p !== null && /\.tsx?$/.test(p));
  return [local(runtimeImports(text)), local(lazyImports(text))];
}

/** Files reached from `root` that speak a namespace not in `loaded` (lazy imports add what their file loads). */
function unloadedSpeakers(root: string, loaded: readonly string[], skipLazyFrom: string[] = []): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, available: Set<string>) => {
    const key = `${file}|${[...available].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const text = readFileSync(file, 'utf8');
    for (const ns of namespacesSpoken(text)) {
      if (!available.has(ns)) problems.push(`${relative(WEB_DIR, file)} speaks '${ns}'`);
    }
    const [statics, lazies] = importsOf(file, text);
    for (const next of statics) walk(next, available);
    if (skipLazyFrom.includes(file)) return;
    const ownLoads = [...text.matchAll(/loadNamespaces\(([^)]*)\)/g)].flatMap((m) => quoted(m[1] ?? ''));
    for (const next of lazies) walk(next, new Set([...available, ...ownLoads]));
  };
  walk(root, new Set(loaded));
  return [...new Set(problems)].sort();
}

describe('UI texts loaded where they are spoken', () => {
  test('the reading of sources finds what a file speaks', () => {
    expect(ROUTE_NAMESPACES).toContain('project');
    expect(FIRST_LOAD).toContain('common');
    const text = `const { t } = useTranslation(['project', 'compare']);
      const x = t('errors:codes.X'); const y = \`heat:labels.\${k}\`; useTranslation();
      i18n.getFixedT('en', 'alerts'); const url = 'http://x';`;
    expect([...namespacesSpoken(text)].sort()).toEqual(['alerts', 'common', 'compare', 'errors', 'heat', 'project']);
  });

  test('the shell (main.tsx and what it loads) speaks only first-load namespaces or ones its lazy parts load', () => {
    expect(unloadedSpeakers(resolve(WEB_DIR, 'main.tsx'), FIRST_LOAD, [ROUTER])).toEqual([]);
  });

  test('every page speaks only first-load namespaces and the ones its route loads', () => {
    const pages = routePages();
    expect(pages.length).toBeGreaterThan(30);
    const problems = pages.flatMap(({ name, module, namespaces }) =>
      unloadedSpeakers(module, [...FIRST_LOAD, ...namespaces]).map((p) => `${name}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  test('a page that speaks a namespace its route does not load is caught', () => {
    const home = routePages().find((p) => p.name === 'HomePage');
    expect(home).toBeDefined();
    const withoutAnalysis = FIRST_LOAD.filter((ns) => ns !== 'analysis');
    expect(unloadedSpeakers(home?.module ?? '', withoutAnalysis).join('\n')).toMatch(/speaks 'analysis'/);
  });
});
