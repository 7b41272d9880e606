import type { Config } from './config.ts';
import type { Db, DbKind } from './db/client.ts';
import type { ReadReplicas } from './db/read-replicas.ts';
import type { EventBus } from './events/event-bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ResponseCache } from './plugins/response-cache.ts';

/**
 * What the app is built from (`buildApp(deps)`), and what every route plugin receives. Its own file so route files
 * import it without importing app.ts, which imports them. Jobs and ingestion take a subset of it (`JobContext`).
 */
export type AppDeps = {
  config: Config;
  db: Db;
  /**
   * For reads every visitor shares (cached public pages, search, /api/v1): a read replica when one is usable, else
   * `db`. Never for writes, sessions, quotas or a read of the caller's own writes (docs/scaling.md).
   */
  readDb: Db;
  /** The replicas behind `readDb`, for /api/health (none without DATABASE_READ_URL). */
  readReplicas: Pick<ReadReplicas, 'list' | 'attachLog'>;
  dbKind: DbKind;
  events: EventBus;
  cache: ResponseCache;
  /** The one mailer of the process (runtime.ts), bound to the app's log by buildApp. */
  mailer: Mailer;
};

/**
 * What buildApp takes: main.ts and buildTestApp pass the runtime's mailer (a script without one gets its own);
 * `readDb` defaults to `db` (no replicas), so callers without replicas need not say so.
 */
export type AppInput = Omit<AppDeps, 'mailer' | 'readDb' | 'readReplicas'> & { mailer?: Mailer } & Partial<
    Pick<AppDeps, 'readDb' | 'readReplicas'>
  >;
