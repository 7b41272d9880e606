import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { openRuntime } from '../runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a dumpDataDir tarball) every test's in-memory PGlite starts from. */
    pgliteTemplate: string | null;
    /** The same with the built-in catalogue loaded and scored, as a first start leaves it (catalogueTemplate). */
    pgliteCatalogueTemplate: string | null;
  }
}

/**
 * Runs every migration once on an in-memory PGlite and dumps the migrated, empty data directory to a temporary file,
 * for a run's global setup to provide as 'pgliteTemplate'. Loading it (~0.6 s of CPU) replaces initdb and the
 * migrations (~5 s) in each test's database.
 */
export async function writePgliteTemplate(): Promise<{ path: string; remove: () => void }> {
  const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(tmpdir(), `heatrank-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return { path, remove: () => rmSync(path, { force: true }) };
}

/**
 * The migrated template after a first start with the built-in catalogue (openRuntime loads it, scores it and runs
 * the after-recompute steps), dumped for the test apps that want the catalogue: loading it replaces that first start in
 * each of them (~1 s of CPU a file). That start needs no config beyond CATALOGUE_AUTOLOAD, so every test app's would
 * write the same rows; only its clock differs (the setup's instead of the file's, minutes apart at most).
 */
export async function writePgliteCatalogueTemplate(
  emptyTemplate: string,
): Promise<{ path: string; remove: () => void }> {
  const runtime = await openRuntime(firstStartConfig(), { pgliteDataDump: new Blob([readFileSync(emptyTemplate)]) });
  const client = (runtime.handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await runtime.close();
  const path = join(tmpdir(), `heatrank-test-catalogue-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return { path, remove: () => rmSync(path, { force: true }) };
}

/** The settings every test app starts from (build-test-app.ts adds the catalogue switch, database and test's own). */
export const TEST_APP_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  DATA_DIR: 'memory://',
  WEB_DIST_DIR: '/nonexistent',
  FIRST_START_REFRESH: 'false',
} as const;

/** The config of a test app's first start with the catalogue, on PGlite in memory or at `databaseUrl`. */
export function firstStartConfig(databaseUrl?: string): Config {
  return loadConfig({
    ...TEST_APP_ENV,
    CATALOGUE_AUTOLOAD: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

const dumps = new Map<'pgliteTemplate' | 'pgliteCatalogueTemplate', Blob | null>();
function readDump(key: 'pgliteTemplate' | 'pgliteCatalogueTemplate'): Blob | undefined {
  if (!dumps.has(key)) {
    const path = inject(key);
    dumps.set(key, path ? new Blob([readFileSync(path)]) : null);
  }
  return dumps.get(key) ?? undefined;
}

/** The run's migrated template, read once per worker; undefined where the global setup provided none. */
export function pgliteTemplate(): Blob | undefined {
  return readDump('pgliteTemplate');
}

/** The run's template with the catalogue loaded (writePgliteCatalogueTemplate); undefined where none was provided. */
export function pgliteCatalogueTemplate(): Blob | undefined {
  return readDump('pgliteCatalogueTemplate');
}

/**
 * Writes the run's migrated template into an on-disk PGlite data directory that holds no database yet (the layout
 * createDb opens: `<dataDir>/pglite`), so a test's first open of that directory finds it migrated — ~1 s of CPU
 * instead of initdb and the migrations on disk (~4.5 s, and many synchronous writes). False, changing nothing, when
 * there is no template or the directory already holds a database.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<boolean> {
  const dump = pgliteTemplate();
  const cluster = join(dataDir, 'pglite');
  if (!dump || existsSync(join(cluster, 'PG_VERSION'))) return false;
  const client = new PGlite(cluster, { loadDataDir: dump, extensions: { pg_trgm } });
  await client.waitReady;
  await client.close();
  return true;
}
