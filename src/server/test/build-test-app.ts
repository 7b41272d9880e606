import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db, DbHandle } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ResponseCache } from '../plugins/response-cache.ts';
import type { JobContext } from '../runs/job.ts';
import { openRuntime } from '../runtime.ts';
import { assertOnDatabaseList } from './database-list-guard.ts';
import { pgliteCatalogueTemplate, pgliteTemplate, seedPgliteDataDir, TEST_APP_ENV } from './pglite-template.ts';
import { rememberTestDatabase } from './test-databases.ts';

export type TestApp = {
  app: App;
  db: Db;
  handle: DbHandle;
  events: EventBus;
  cache: ResponseCache;
  /** The process's one mailer (the app's, before buildApp binds it to the app's log): what jobs run with. */
  mailer: Mailer;
  config: Config;
  /** What the scheduler would hand a job of this app, its clock fixed at `at` when given (else the real one). */
  jobContext: (at?: Date) => JobContext;
  close: () => Promise<void>;
  /** Closes the app and its connections but leaves the database for a rebuilt app (see `databaseOf`). */
  closeKeepingDatabase: () => Promise<void>;
  dropDatabase?: () => Promise<void>;
};

export type TestAppOptions = {
  /** Load the built-in catalogue (default true). */
  catalogue?: boolean;
  env?: Record<string, string>;
  /** Fastify logger options (default: no logging), e.g. `{ level: 'info', stream }` to capture the log. */
  logger?: BuildAppOptions['logger'];
  /** The scheduled jobs when JOBS_ENABLED is set in `env` (default: all of them). */
  jobs?: BuildAppOptions['jobs'];
  /**
   * Build on the database of an earlier test app (a "server restart"): its PostgreSQL database, or its PGlite DATA_DIR
   * (give the first app an on-disk DATA_DIR). Close the earlier app with `closeKeepingDatabase` first.
   */
  databaseOf?: TestApp;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database every test file's database is created from (TEST_DATABASE_URL only). */
    postgresTemplate: string | null;
    /** The same after a first start with the built-in catalogue (global-setup.ts), for apps that load it. */
    postgresCatalogueTemplate: string | null;
  }
}

/**
 * A real app on a real, fresh database: in-memory PGlite by default, or — when TEST_DATABASE_URL is set — a new
 * database created on that PostgreSQL server for this test file and dropped afterwards. Jobs are off.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const earlier = options.databaseOf?.config;
  const withCatalogue = options.catalogue !== false;
  const fresh = earlier ? undefined : await createFreshDatabase({ catalogue: withCatalogue });
  const config = loadConfig({
    ...TEST_APP_ENV,
    CATALOGUE_AUTOLOAD: withCatalogue ? 'true' : 'false',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(earlier
      ? { DATA_DIR: earlier.DATA_DIR, ...(earlier.DATABASE_URL ? { DATABASE_URL: earlier.DATABASE_URL } : {}) }
      : {}),
    ...options.env,
  });
  const inMemory = config.DATA_DIR.startsWith('memory://');
  // A new on-disk PGlite directory starts from the template too (an existing one, as in a restart, is left alone).
  if (!config.DATABASE_URL && !inMemory) await seedPgliteDataDir(config.DATA_DIR);
  const fromTemplate = !config.DATABASE_URL && inMemory;
  // With the catalogue: a template that already holds it as a first start leaves it (pglite-template.ts).
  const dump = withCatalogue ? (pgliteCatalogueTemplate() ?? pgliteTemplate()) : pgliteTemplate();
  const runtime = await openRuntime(config, fromTemplate ? { pgliteDataDump: dump } : {});
  const app = await buildApp(
    {
      config,
      db: runtime.handle.db,
      readDb: runtime.reads.db,
      readReplicas: runtime.reads,
      dbKind: runtime.handle.kind,
      events: runtime.events,
      cache: runtime.cache,
      mailer: runtime.mailer,
    },
    { logger: options.logger ?? false, jobs: options.jobs },
  );
  await app.ready();
  rememberTestDatabase(app, runtime.handle.db);
  // The database outlives a rebuilt app: whichever app closes last with close() drops it.
  const drop = fresh?.drop ?? options.databaseOf?.dropDatabase;
  return {
    app,
    db: runtime.handle.db,
    handle: runtime.handle,
    events: runtime.events,
    cache: runtime.cache,
    mailer: runtime.mailer,
    config,
    jobContext: (at) => ({
      db: runtime.handle.db,
      dbKind: runtime.handle.kind,
      config,
      events: runtime.events,
      mailer: runtime.mailer,
      cache: runtime.cache,
      now: () => at ?? new Date(),
    }),
    close: async () => {
      await app.close();
      await runtime.close();
      await drop?.();
    },
    closeKeepingDatabase: async () => {
      await app.close();
      await runtime.close();
    },
    dropDatabase: drop,
  };
}

/**
 * With TEST_DATABASE_URL set: CREATE DATABASE heatrank_t_<random> on that server; returns its URL and a dropper.
 * `catalogue`: from the template that already holds the built-in catalogue, scored (global-setup.ts).
 */
export async function createFreshDatabase(
  options: { catalogue?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  assertOnDatabaseList();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `heatrank_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // From the run's migrated template (global-setup.ts) when there is one: a copy instead of 25 migrations.
  const template = (options.catalogue && inject('postgresCatalogueTemplate')) || inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
