import type * as NodePg from 'drizzle-orm/node-postgres';
import type * as NodePgMigrator from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type * as PgCopyStreams from 'pg-copy-streams';

// The PostgreSQL driver (pg, drizzle's node-postgres session and migrator, pg-copy-streams) costs ~20 MB resident;
// a PGlite server never uses it, so it is loaded when a PostgreSQL database is opened, not at start.
export type PostgresDriver = {
  pg: typeof pg;
  drizzle: typeof NodePg.drizzle;
  NodePgSession: typeof NodePg.NodePgSession;
  migrate: typeof NodePgMigrator.migrate;
  copyFrom: typeof PgCopyStreams.from;
  copyTo: typeof PgCopyStreams.to;
};

let loading: Promise<PostgresDriver> | undefined;
let loaded: PostgresDriver | undefined;

export function loadPostgresDriver(): Promise<PostgresDriver> {
  loading ??= Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('pg-copy-streams'),
  ]).then(([pgModule, nodePg, migrator, copyStreams]) => {
    loaded = {
      pg: pgModule.default,
      drizzle: nodePg.drizzle,
      NodePgSession: nodePg.NodePgSession,
      migrate: migrator.migrate,
      copyFrom: copyStreams.from,
      copyTo: copyStreams.to,
    };
    return loaded;
  });
  return loading;
}

/** The driver a PostgreSQL database already opened has loaded (its pool exists, so the driver does). */
export function loadedPostgresDriver(): PostgresDriver {
  if (!loaded) throw new Error('the PostgreSQL driver is used before a PostgreSQL database was opened');
  return loaded;
}
