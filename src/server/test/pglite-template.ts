import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';
import { createDb } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a dumpDataDir tarball) every test's in-memory PGlite starts from. */
    pgliteTemplate: string | null;
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

let templateDump: Blob | undefined | null;
/** The run's migrated template, read once per worker; undefined where the global setup provided none. */
export function pgliteTemplate(): Blob | undefined {
  if (templateDump === undefined) {
    const path = inject('pgliteTemplate');
    templateDump = path ? new Blob([readFileSync(path)]) : null;
  }
  return templateDump ?? undefined;
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
