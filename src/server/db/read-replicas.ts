import type { Config } from '../config.ts';
import type { Db, DbHandle } from './client.ts';
import { loadedPostgresDriver } from './postgres-driver.ts';
import { createReplicaMonitor, parseLsn, type Replica, type ReplicaLog, type ReplicaState } from './replica-monitor.ts';
import { createRouter, ReplicaRoutingPool } from './replica-routing.ts';
import * as schema from './schema/index.ts';

// DATABASE_READ_URL: the reads every visitor shares (cached public pages, search, /api/v1) move to PostgreSQL
// streaming replicas, so adding a replica adds read capacity; the primary keeps every write and every read of one's
// own writes. docs/scaling.md says when and how to use it.

export type ReplicaStatus = {
  name: string;
  state: ReplicaState;
  lagMs: number | null;
  checkedAt: string | null;
  reads: number;
};

export type ReadReplicas = {
  /** The database for shared reads: a usable replica's, else the primary's. Never write through it. */
  db: Db;
  /** Each replica's state, for /api/health (names only, never a URL). */
  list: () => ReplicaStatus[];
  /** Statements answered by the primary for want of a usable replica, and by each replica (tests, the bench). */
  counts: () => { primary: number; replicas: Record<string, number> };
  /**
   * After a write others will read (a data-change event): replicas are skipped until a check shows they replayed the
   * primary's position of now, so no cache refill reads the world from before the write.
   */
  fence: () => Promise<void>;
  /** Runs a check round now (tests; also after a fence). */
  check: () => Promise<void>;
  attachLog: (log: ReplicaLog) => void;
  close: () => Promise<void>;
};

type ReadReplicaConfig = Pick<Config, 'DATABASE_READ_URL' | 'DATABASE_READ_MAX_LAG_MS' | 'DATABASE_READ_CHECK_MS'>;

const SILENT: ReplicaLog = { info: () => {}, warn: () => {} };

/** No replicas (PGlite, or DATABASE_READ_URL unset): shared reads use the primary itself. */
export function primaryOnly(db: Db): ReadReplicas {
  return {
    db,
    list: () => [],
    counts: () => ({ primary: 0, replicas: {} }),
    fence: async () => {},
    check: async () => {},
    attachLog: () => {},
    close: async () => {},
  };
}

/** Opens a pool per replica of DATABASE_READ_URL and starts checking their lag; PGlite ignores the replicas. */
export function openReadReplicas(handle: DbHandle, config: ReadReplicaConfig): ReadReplicas {
  const primary = handle.pgPool;
  if (!primary || config.DATABASE_READ_URL.length === 0) return primaryOnly(handle.db);
  const { pg, drizzle: drizzlePg } = loadedPostgresDriver();
  const replicas: Replica[] = config.DATABASE_READ_URL.map((url, index) => {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000 });
    return {
      name: `replica-${index + 1}`,
      pool,
      state: 'starting',
      lagMs: null,
      replayLsn: null,
      checkedAt: null,
      reads: 0,
      failovers: 0,
    };
  });
  let log = SILENT;
  const monitor = createReplicaMonitor({
    primary,
    replicas,
    maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
    log: () => log,
  });
  // An idle connection the replica dropped: the next read fails over; the check decides when to come back.
  for (const replica of replicas) replica.pool.on('error', (error) => monitor.markDown(replica, error));

  let fenceLsn = 0n;
  let fencesPending = 0;
  const router = createRouter({
    primary,
    replicas,
    isUsable: (replica) =>
      fencesPending === 0 && replica.state === 'ok' && replica.replayLsn !== null && replica.replayLsn >= fenceLsn,
    markDown: monitor.markDown,
  });
  const db = drizzlePg({
    client: new ReplicaRoutingPool(router) as never,
    schema,
    casing: 'snake_case',
  }) as never as Db;

  const timer = setInterval(() => void monitor.check(), config.DATABASE_READ_CHECK_MS);
  timer.unref();
  void monitor.check();

  return {
    db,
    list: () =>
      replicas.map(({ name, state, lagMs, checkedAt, reads }) => ({
        name,
        state,
        lagMs,
        checkedAt: checkedAt?.toISOString() ?? null,
        reads,
      })),
    counts: () => ({
      primary: router.stats.primaryReads,
      replicas: Object.fromEntries(replicas.map((replica) => [replica.name, replica.reads])),
    }),
    fence: async () => {
      fencesPending++; // synchronous: a read starting before the position is known goes to the primary
      try {
        const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
        const lsn = parseLsn(rows[0]?.lsn ?? '0/0');
        if (lsn > fenceLsn) fenceLsn = lsn;
      } catch {
        // The primary is unreachable: nothing can be written either; replicas keep their last position.
      } finally {
        fencesPending--;
      }
      await monitor.check();
    },
    check: monitor.check,
    attachLog: (next) => {
      log = next;
    },
    close: async () => {
      clearInterval(timer);
      await monitor.settled();
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => {})));
    },
  };
}
