import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';

// Which database each test app runs on, so a helper given only the app (signUpAgent) can prepare rows for it.
const databases = new WeakMap<App, Db>();

/** Records the database of an app built for a test (build-test-app.ts does it for every test app). */
export function rememberTestDatabase(app: App, db: Db): void {
  databases.set(app, db);
}

/** The database of a test app; throws for an app built without buildTestApp (pass its database explicitly then). */
export function getTestDatabase(app: App): Db {
  const db = databases.get(app);
  if (!db) throw new Error('this app was not built by buildTestApp: its database is unknown');
  return db;
}
