import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { giveEventLoopTurns } from './pglite-fair-turns.ts';
import { loadPostgresDriver } from './postgres-driver.ts';
import * as schema from './schema/index.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** One driver-neutral type: services and queries never know whether PGlite or PostgreSQL runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** Present for embedded PGlite on disk: the exclusive data-directory lock. */
  lock?: DataDirLock;
  /** Sends a cross-instance notification (Postgres NOTIFY; in-process for PGlite, which has one process). */
  notify: (channel: string, payload: string) => Promise<void>;
  /** Subscribes to notifications on a channel; returns the unsubscribe function. */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PostgreSQL only: the primary's connection pool (read replicas fall back to it, db/read-replicas.ts). */
  pgPool?: pg.Pool;
  /** Internal: Postgres migrations on one dedicated connection. */
  migratePostgres?: () => Promise<void>;
};

export type CreateDbOptions = {
  /** Who opens the data directory, written into the lock file ("server", "recompute", …). */
  role?: string;
  /** Skip migrations (only for tools that must not change the schema). */
  migrate?: boolean;
  /**
   * In-memory PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty
   * cluster. The tests open one per file from a migrated template: ~0.5 s instead of initdb's ~2.5 s.
   */
  pgliteDataDump?: Blob;
};

const MIGRATION_LOCK_KEY = 727_001; // pg_advisory_lock key: one instance migrates at a time

/** Opens PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR ('memory://' for tests); migrates. */
export async function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'PGLITE_SHARED_BUFFERS'>>,
  options: CreateDbOptions = {},
): Promise<DbHandle> {
  const handle = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(
        config.DATA_DIR,
        options.role ?? 'server',
        config.PGLITE_SHARED_BUFFERS ?? '16MB',
        options.pgliteDataDump,
      );
  if (options.migrate !== false) {
    try {
      await runMigrations(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { pg, drizzle: drizzlePg, migrate: migratePg } = await loadPostgresDriver();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing the process
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const emitter = new EventEmitter();
  const channels = new Set<string>();
  // One LISTEN connection. A database restart ends it: it is then reopened (1 s, 2 s, … up to 10 s apart) and listens
  // to every channel again, so the realtime fan-out comes back without restarting the app. Notifications sent while
  // it was down are lost; the SSE clients re-read on reconnect (LISTEN/NOTIFY never replays either).
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const openListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (closed || listener === undefined) return;
      listener = undefined;
      client.end().catch(() => {});
      scheduleReconnect(1_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (msg) => emitter.emit(msg.channel, msg.payload ?? ''));
    await client.connect();
    for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  };
  const scheduleReconnect = (delayMs: number) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || listener) return;
      const attempt = openListener();
      listener = attempt;
      attempt.catch(() => {
        if (listener === attempt) listener = undefined;
        scheduleReconnect(Math.min(delayMs * 2, 10_000));
      });
    }, delayMs);
    retryTimer.unref();
  };
  return {
    db,
    kind: 'postgres',
    pgPool: pool,
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handler) => {
      emitter.on(channel, handler);
      if (!channels.has(channel)) {
        channels.add(channel);
        if (listener) {
          const client = await listener;
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } else {
          listener = openListener(); // listens to every channel in `channels`, this one included
          await listener.catch((error: unknown) => {
            listener = undefined;
            channels.delete(channel);
            emitter.off(channel, handler);
            throw error;
          });
        }
      }
      return async () => {
        emitter.off(channel, handler);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = await listener?.catch(() => undefined);
      listener = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
    // Several app instances may start at once on one PostgreSQL: serialise migrations with an advisory lock,
    // taken and released on the same connection (a pool would hand the unlock to another session).
    migratePostgres: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

async function openPglite(dataDir: string, role: string, sharedBuffers: string, dump?: Blob): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? undefined : acquireDataDirLock(dataDir, role);
  let client: PGlite;
  try {
    client = new PGlite(inMemory ? dataDir : `${dataDir}/pglite`, {
      // wal_level=minimal: one embedded process never replicates, and a table created and filled in one transaction
      // (the heat engine's rebuild of project_scores) then skips the WAL for its data and its index builds.
      postgresqlconf: [`shared_buffers=${sharedBuffers}`, 'wal_level=minimal', 'max_wal_senders=0'],
      // pg_trgm: the search's typo tolerance and Chinese matching (migration 0018_search).
      extensions: { pg_trgm },
      ...(inMemory && dump ? { loadDataDir: dump } : {}),
    });
    await client.waitReady;
    giveEventLoopTurns(client);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    db,
    kind: 'pglite',
    lock,
    notify: async (channel, payload) => {
      emitter.emit(channel, payload);
    },
    // Two sources: the app's own publishes (the emitter above, no round trip) and NOTIFYs raised inside the
    // database by triggers, which PGlite delivers on commit.
    listen: async (channel, handler) => {
      emitter.on(channel, handler);
      const unlisten = await client.listen(channel, handler);
      return async () => {
        emitter.off(channel, handler);
        await unlisten().catch(() => {});
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await handle.migratePostgres?.();
}

export type JournalEntry = { idx: number; tag: string; when: number };

// The committed migration journal never changes while the process runs: read it once, on first use.
let journalEntries: JournalEntry[] | undefined;
/** The committed migrations, oldest first (drizzle's journal: tag and creation time). */
export function readJournal(): JournalEntry[] {
  journalEntries ??= (
    JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }
  ).entries;
  return journalEntries;
}

/** The tag of the newest applied migration (e.g. "0000_init"), or null before any migration ran. */
export async function getMigrationVersion(db: Db): Promise<string | null> {
  const rows = await queryRows<{ created_at: string }>(
    db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  const last = Number(rows[0]?.created_at);
  return readJournal().find((entry) => entry.when === last)?.tag ?? null;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the neutral Db type leaves unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
