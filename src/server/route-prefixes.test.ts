import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// Given a URL, a reader should reach its handler in one jump: each route plugin is registered at its URLs' own prefix
// (`/api/projects`, `/api/me/points`), so the prefix in app.ts names the URL. A plugin whose URLs start with more than
// one root cannot have one prefix; those few stay at the bare `/api` and are listed here with the roots they serve.

const SERVER = dirname(fileURLToPath(import.meta.url));

/** The plugins still registered at the bare /api prefix: their file, the first segments of their URLs, and why. */
const BARE_API_PLUGINS: Record<string, { file: string; roots: string[]; why: string }> = {
  systemRoutes: {
    file: 'features/system/system.routes.ts',
    roots: ['/data-state', '/health', '/ping', '/stats'],
    why: "the instance's own one-segment URLs (/api/health, /api/ping, /api/stats, /api/data-state): no common root",
  },
  tasksRoutes: {
    file: 'features/tasks/tasks.routes.ts',
    roots: ['/me', '/tasks'],
    why: "the task centre and the viewer's progress (/me/tasks) share the plugin's signed-in and verified-e-mail hooks",
  },
  watchlistsRoutes: {
    file: 'features/watchlists/watchlists.routes.ts',
    roots: ['/me', '/watchlists'],
    why: "the lists and the viewer's watched projects (/me/watching, /me/watched-projects) are one feature",
  },
  teamSharingRoutes: {
    file: 'features/team-sharing/team-sharing.routes.ts',
    roots: ['/projects', '/saved-searches', '/team', '/watchlists'],
    why: "sharing switches sit on the shared things' own URLs, the team's view of them under /team",
  },
  exportsRoutes: {
    file: 'features/exports/exports.routes.ts',
    roots: ['/export-schedules', '/exports'],
    why: "exports and their schedules share the plugin's running-export set, awaited on close",
  },
  paymentsRoutes: {
    file: 'features/payments/payments.routes.ts',
    roots: ['/me', '/payments'],
    why: "checkout, the Stripe webhook and the viewer's payment history (/me/payments) share one Stripe client",
  },
};

/** Every non-test TypeScript file of the server, relative to src/server. */
function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SERVER, path)] : [];
  });
}

/** The plugins a source registers at the bare /api prefix. */
function bareApiRegistrations(source: string): string[] {
  return [...source.matchAll(/\.register\(\s*(\w+)\s*,\s*\{\s*prefix:\s*['"`]\/api\/?['"`]/g)].map((m) => m[1] ?? '');
}

/** The first path segment of every route a plugin declares (`/projects/:id/heat` → `/projects`). */
function routeRoots(file: string, plugin: string): string[] {
  const source = readFileSync(join(SERVER, file), 'utf8');
  const start = source.indexOf(`export const ${plugin}`);
  const body = source.slice(start, source.indexOf('\n};\n', start));
  const paths = [...body.matchAll(/\.(?:get|post|put|patch|delete)\(\s*'([^']*)'/g)].map((m) => m[1] ?? '');
  return [...new Set(paths.map((path) => `/${path.split('/')[1] ?? ''}`))].sort();
}

describe('route prefixes', () => {
  test('no route plugin is registered at the bare /api prefix but the listed ones', () => {
    const bare = serverFiles().flatMap((file) => bareApiRegistrations(readFileSync(join(SERVER, file), 'utf8')));

    expect(bare.sort()).toEqual(Object.keys(BARE_API_PLUGINS).sort());
  });

  test('each listed plugin serves exactly the roots it names, more than one (else it gets its own prefix)', () => {
    for (const [plugin, { file, roots }] of Object.entries(BARE_API_PLUGINS)) {
      expect({ plugin, roots: routeRoots(file, plugin) }).toEqual({ plugin, roots: [...roots].sort() });
      expect(roots.length, plugin).toBeGreaterThan(1);
    }
  });

  test('the check sees a planted bare registration', () => {
    const planted = "await app.register(plantedRoutes, { prefix: '/api', ...deps });";

    expect(bareApiRegistrations(planted)).toEqual(['plantedRoutes']);
  });
});
