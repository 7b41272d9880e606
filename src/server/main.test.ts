import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ProjectListResponseSchema } from '../shared/api/projects.schema.ts';
import { HealthResponseSchema } from '../shared/api/system.schema.ts';
import { type ServerProcess, startServerProcess } from './test/server-process.ts';

// The newcomer's path: a fresh DATA_DIR, the real entry point, the built-in catalogue loaded on first start.
describe('starting the server on a fresh data directory', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heatrank-start-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('prints a URL, serves the catalogue heat-sorted on embedded PGlite, and releases the lock on SIGTERM', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, CATALOGUE_AUTOLOAD: 'true' });

    const health = HealthResponseSchema.parse(await (await fetch(new URL('/api/health', server.url))).json());
    const list = ProjectListResponseSchema.parse(
      await (await fetch(new URL('/api/projects?limit=100', server.url))).json(),
    );
    await server.stop();
    server = undefined;

    expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(list.total).toBeGreaterThanOrEqual(150);
    // Scored projects by heat, then every unscored one (heat null: not enough data).
    const heat = list.items.map((p) => p.heatScore);
    const scored = heat.filter((h) => h !== null);
    expect(heat).toEqual([...[...scored].sort((a, b) => b - a), ...heat.filter((h) => h === null)]);
    expect(list.items.map((p) => p.id)).toEqual(expect.arrayContaining(['bitcoin', 'ethereum']));
    expect(existsSync(join(dataDir, 'heatrank.lock'))).toBe(false);
  });
});
