import type pg from 'pg';
import type { Replica } from './replica-monitor.ts';
import { databaseQueryErrorState, isDatabaseUnavailable } from './unavailable.ts';

// The client a read-only Drizzle database is built on: each statement goes to a usable replica (round robin), else to
// the primary. A statement that fails because its replica went away (or replay cancelled it) is run again on the next
// replica or the primary, so losing a replica under load fails no request. Only reads come here: a write would fail
// on a standby with 25006 read_only_sql_transaction, which is passed on (a bug to fix, not a failover).

type Target = { pool: pg.Pool; replica?: Replica };
type Statement = { config: unknown; values: unknown };

export type RouterOptions = {
  primary: pg.Pool;
  replicas: readonly Replica[];
  isUsable: (replica: Replica) => boolean;
  markDown: (replica: Replica, error: unknown) => void;
};

/**
 * Lost connections, and recovery conflicts: a standby cancels a query whose rows replay is removing (40001) or that
 * holds a lock replay needs (40P01). Both mean "ask another server", never "this query is wrong".
 */
export function isReplicaFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const state = databaseQueryErrorState(error);
  return state === '40001' || state === '40P01';
}

export type Router = ReturnType<typeof createRouter>;

export function createRouter({ primary, replicas, isUsable, markDown }: RouterOptions) {
  let turn = 0;
  const stats = { primaryReads: 0 };

  const pick = (tried: ReadonlySet<Replica>): Target => {
    const usable = replicas.filter((replica) => !tried.has(replica) && isUsable(replica));
    const replica = usable[turn++ % Math.max(usable.length, 1)];
    return replica ? { pool: replica.pool, replica } : { pool: primary };
  };

  const counted = (target: Target) => {
    if (target.replica) target.replica.reads++;
    else stats.primaryReads++;
  };

  /** Runs `work` on a usable server, moving on to the next (the primary last) when a replica fails under it. */
  const run = async <T>(work: (target: Target) => Promise<T>, tried = new Set<Replica>()): Promise<T> => {
    for (;;) {
      const target = pick(tried);
      try {
        return await work(target);
      } catch (error) {
        if (!target.replica || !isReplicaFailure(error)) throw error;
        markDown(target.replica, error);
        tried.add(target.replica);
      }
    }
  };

  return { run, counted, stats, markDown };
}

/** What Drizzle's node-postgres driver takes as its client; "Pool" in the name makes it run transactions on connect(). */
export class ReplicaRoutingPool {
  readonly #router: Router;

  constructor(router: Router) {
    this.#router = router;
  }

  query(config: unknown, values?: unknown): Promise<unknown> {
    return this.#router.run(async (target) => {
      const result = await target.pool.query(config as pg.QueryConfig, values as unknown[]);
      this.#router.counted(target);
      return result;
    });
  }

  async connect(): Promise<FailoverClient> {
    const tried = new Set<Replica>();
    const opened = await this.#router.run(async (target) => ({ target, client: await target.pool.connect() }), tried);
    return new FailoverClient(this.#router, opened.target, opened.client, tried);
  }
}

/**
 * One connection for a transaction. When its replica fails mid-way, the statements so far (all reads: BEGIN, SET
 * LOCAL, SELECTs) are replayed on the next server and the transaction goes on there: later statements then see that
 * server's snapshot, never an older one than the replica's.
 */
class FailoverClient {
  readonly #router: Router;
  readonly #tried: Set<Replica>;
  readonly #done: Statement[] = [];
  #target: Target;
  #client: pg.PoolClient;

  constructor(router: Router, target: Target, client: pg.PoolClient, tried: Set<Replica>) {
    this.#router = router;
    this.#target = target;
    this.#client = client;
    this.#tried = tried;
    client.on('error', ignoreBetweenStatements);
  }

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const statement = { config, values };
    for (;;) {
      try {
        const result = await this.#client.query(config as pg.QueryConfig, values as unknown[]);
        this.#router.counted(this.#target);
        this.#done.push(statement);
        return result;
      } catch (error) {
        const replica = this.#target.replica;
        if (!replica || !isReplicaFailure(error)) throw error;
        this.#router.markDown(replica, error);
        this.#tried.add(replica);
        this.#release(error instanceof Error ? error : true); // destroyed, never back in the pool
        await this.#moveOn();
      }
    }
  }

  release(error?: Error | boolean): void {
    this.#release(error);
  }

  #release(error?: Error | boolean): void {
    this.#client.off('error', ignoreBetweenStatements);
    this.#client.release(error);
  }

  async #moveOn(): Promise<void> {
    const moved = await this.#router.run(async (target) => {
      const client = await target.pool.connect();
      try {
        for (const { config, values } of this.#done) await client.query(config as pg.QueryConfig, values as unknown[]);
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      return { target, client };
    }, this.#tried);
    this.#target = moved.target;
    this.#client = moved.client;
    moved.client.on('error', ignoreBetweenStatements);
  }
}

/**
 * A checked-out connection that dies between two statements of a transaction emits 'error', which would crash the
 * process unheard; the next statement on it fails ("not queryable") and moves to another server instead.
 */
function ignoreBetweenStatements(): void {}
