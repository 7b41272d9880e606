import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';
import { databaseTestFiles } from './database-test-files.ts';
import { writePgliteTemplate } from './pglite-template.ts';

// The provided 'postgresTemplate' is declared with its reader in build-test-app.ts, 'pgliteTemplate' in
// pglite-template.ts (type-only links, erased at run time).
export type { TestApp } from './build-test-app.ts';

/**
 * Runs every migration once per run, and every test file's database starts from the result instead of running them
 * itself — about two minutes of a CI run on each database:
 * - PGlite: the migrated in-memory data directory, dumped to a temporary file (pglite-template.ts); a file's PGlite,
 *   in memory or in a new on-disk directory, loads it (~0.6–1.5 s of CPU instead of initdb and the migrations, ~5 s).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database; a file's database is CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // What the PostgreSQL pass runs (vitest.config.ts), for buildTestApp to check its caller is on it in either pass.
  project.provide('databaseTestFiles', databaseTestFiles());
  // Made on both passes: under TEST_DATABASE_URL some tests still open an on-disk PGlite (the CLI and lock tests).
  const pgliteTemplate = await writePgliteTemplate();
  project.provide('pgliteTemplate', pgliteTemplate.path);
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('postgresTemplate', null);
    return pgliteTemplate.remove;
  }
  const template = `heatrank_template_${process.pid}`;
  await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`, `CREATE DATABASE ${template}`);
  const url = new URL(base);
  url.pathname = `/${template}`;
  const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: url.toString() });
  await handle.close();
  project.provide('postgresTemplate', template);
  return async () => {
    pgliteTemplate.remove();
    await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}
