import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { seedSynthetic } from '../features/synthetic/synthetic.service.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { createFreshDatabase } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { CopyRefusedError, copyDatabase, orderByForeignKeys } from './copy-database.ts';

// db:copy needs a PostgreSQL server to copy into (TEST_DATABASE_URL); the source is always embedded PGlite.

function configFor(url?: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    CATALOGUE_AUTOLOAD: 'false',
    FIRST_START_REFRESH: 'false',
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: '/nonexistent',
    ...(url ? { DATABASE_URL: url } : {}),
  });
}

async function appOn(runtime: Runtime, config: Config): Promise<App> {
  const { handle, events, cache } = runtime;
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, events, cache }, { logger: false });
  await app.ready();
  return app;
}

async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

test('tables are ordered parents first', () => {
  const edges = [
    { child: 'watchlist_items', parent: 'watchlists' },
    { child: 'watchlists', parent: 'users' },
    { child: 'watchlist_items', parent: 'projects' },
  ];

  expect(orderByForeignKeys(['watchlist_items', 'watchlists', 'users', 'projects'], edges)).toEqual([
    'projects',
    'users',
    'watchlists',
    'watchlist_items',
  ]);
  expect(() =>
    orderByForeignKeys(
      ['a', 'b'],
      [
        { child: 'a', parent: 'b' },
        { child: 'b', parent: 'a' },
      ],
    ),
  ).toThrow(/cycle/);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('db:copy from PGlite to PostgreSQL', () => {
  let source: Runtime;
  const sourceConfig = configFor();
  const dropping: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await openRuntime(sourceConfig);
    await seedSynthetic(source.handle.db, { count: 10_000, seed: 7, now: new Date('2026-11-01T00:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    for (const drop of dropping) await drop();
  });

  async function freshTarget() {
    const fresh = await createFreshDatabase();
    if (!fresh) throw new Error('TEST_DATABASE_URL is not set');
    dropping.push(fresh.drop);
    return fresh.url;
  }

  test('10,000 projects arrive with equal counts per table and equal /api/projects answers', async () => {
    const url = await freshTarget();

    const copied = await copyDatabase(source.handle.db, url, {});

    expect(copied.find((t) => t.table === 'projects')?.source).toBe(10_000);
    expect(copied.find((t) => t.table === 'search_suggest_prefixes')).toBeDefined();
    for (const t of copied) expect(t.target, t.table).toBe(t.source);
    expect(await countRows(url, 'project_scores')).toBe(10_000); // from the copy, not the insert trigger twice
    const targetConfig = configFor(url);
    const target = await openRuntime(targetConfig);
    const [before, after] = [await appOn(source, sourceConfig), await appOn(target, targetConfig)];
    try {
      const urls = [
        '/api/projects?limit=50',
        '/api/projects?limit=20&sort=name&order=asc',
        '/api/projects?limit=30&offset=2000&category=DeFi',
        '/api/sectors',
      ];
      const first = (await before.inject({ method: 'GET', url: urls[0] as string })).json();
      const id = first.items[0].id as string;
      urls.push(`/api/projects/${encodeURIComponent(id)}`);
      for (const path of urls) {
        const [a, b] = [
          await before.inject({ method: 'GET', url: path }),
          await after.inject({ method: 'GET', url: path }),
        ];
        expect(b.statusCode, path).toBe(200);
        expect(b.json(), path).toEqual(a.json());
      }
    } finally {
      await before.close();
      await after.close();
      await target.close();
    }
  }, 180_000);

  test('refuses a target that holds rows, and changes nothing', async () => {
    const url = await freshTarget();
    const target = await openRuntime(configFor(url));
    await insertProject(target.handle.db, { id: 'keep-me', name: 'Keep me' });
    await target.close();

    await expect(copyDatabase(source.handle.db, url, {})).rejects.toThrow(CopyRefusedError);

    expect(await countRows(url, 'projects')).toBe(1);
  }, 60_000);

  test('a copy whose connection dies mid-way leaves the target as it was', async () => {
    const url = await freshTarget();
    const target = await openRuntime(configFor(url));
    await insertProject(target.handle.db, { id: 'keep-me', name: 'Keep me' });
    await target.close();
    const houseAds = await countRows(url, 'house_ads');
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();

    const copy = copyDatabase(source.handle.db, url, {
      force: true,
      onRows: async (table) => {
        if (table !== 'projects') return;
        await killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      },
    });

    await expect(copy).rejects.toThrow();
    await killer.end();
    expect(await countRows(url, 'projects')).toBe(1);
    expect(await countRows(url, 'project_scores')).toBe(1);
    expect(await countRows(url, 'house_ads')).toBe(houseAds);

    const retried = await copyDatabase(source.handle.db, url, { force: true });

    expect(retried.find((r) => r.table === 'projects')?.target).toBe(10_000);
    expect(await countRows(url, "projects WHERE id = 'keep-me'")).toBe(0); // --force replaced the target's rows
  }, 60_000);
});
