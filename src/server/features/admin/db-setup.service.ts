import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DB_MOVE_STEPS, type DbSetupResponse } from '../../../shared/api/admin-ops.schema.ts';
import type { Config } from '../../config.ts';
import { type Db, type DbKind, readJournal } from '../../db/client.ts';
import { selectAppliedMigrationTimes, selectDatabaseSize, selectTableRowCounts } from './db-setup.queries.ts';

/**
 * The /db-setup page's facts: database kind, where it is (host, port, database name — never the user, password or
 * URL), migrations applied and pending, rows per table (estimates above 100,000 rows, flagged) and disk size.
 */
export async function getDbSetup(
  deps: { db: Db; dbKind: DbKind; config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> },
  now: Date,
): Promise<DbSetupResponse> {
  const { db, dbKind, config } = deps;
  const journal = readJournal();
  const appliedTimes = new Set(await selectAppliedMigrationTimes(db));
  const applied = journal.filter((m) => appliedTimes.has(m.when)).map((m) => m.tag);
  return {
    kind: dbKind,
    connection: toConnection(dbKind, config),
    migrations: {
      applied,
      available: journal.map((m) => m.tag),
      pending: journal.filter((m) => !appliedTimes.has(m.when)).map((m) => m.tag),
    },
    tables: await selectTableRowCounts(db),
    size: await measureDatabaseSize(deps),
    moveSteps: [...DB_MOVE_STEPS],
    asOf: now.toISOString(),
  };
}

/** Bytes on disk: the data directory's files for PGlite on disk, pg_database_size otherwise. */
export async function measureDatabaseSize(deps: {
  db: Db;
  dbKind: DbKind;
  config: Pick<Config, 'DATA_DIR'>;
}): Promise<DbSetupResponse['size']> {
  const onDisk = deps.dbKind === 'pglite' && !deps.config.DATA_DIR.startsWith('memory://');
  return onDisk
    ? { bytes: await measureDirectory(deps.config.DATA_DIR), source: 'data_dir' }
    : { bytes: await selectDatabaseSize(deps.db), source: 'pg_database_size' };
}

function toConnection(kind: DbKind, config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): DbSetupResponse['connection'] {
  if (kind === 'pglite' || !config.DATABASE_URL) {
    return {
      host: null,
      port: null,
      database: null,
      dataDir: config.DATA_DIR.startsWith('memory://') ? null : config.DATA_DIR,
    };
  }
  // Only these three fields leave the URL: its user and password stay on the server.
  const url = new URL(config.DATABASE_URL);
  return {
    host: decodeURIComponent(url.hostname) || null,
    port: url.port ? Number(url.port) : 5432,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || null,
    dataDir: null,
  };
}

/** Total bytes of the files under `dir` (the PGlite data directory and its lock file). */
async function measureDirectory(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
