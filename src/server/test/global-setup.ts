import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';
import { openRuntime } from '../runtime.ts';
import { databaseTestFiles } from './database-test-files.ts';
import { firstStartConfig, writePgliteCatalogueTemplate, writePgliteTemplate } from './pglite-template.ts';

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
    project.provide('postgresCatalogueTemplate', null);
    const catalogue = await writePgliteCatalogueTemplate(pgliteTemplate.path);
    project.provide('pgliteCatalogueTemplate', catalogue.path);
    return () => {
      pgliteTemplate.remove();
      catalogue.remove();
    };
  }
  project.provide('pgliteCatalogueTemplate', null);
  const template = `heatrank_template_${process.pid}`;
  const catalogueTemplate = `heatrank_template_catalogue_${process.pid}`;
  const dropBoth = [template, catalogueTemplate].map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(base, ...dropBoth, `CREATE DATABASE ${template}`);
  const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: databaseUrl(base, template) });
  await handle.close();
  // The migrated template after a first start with the catalogue (pglite-template.ts writePgliteCatalogueTemplate).
  await adminQuery(base, `CREATE DATABASE ${catalogueTemplate} TEMPLATE ${template}`);
  const runtime = await openRuntime(firstStartConfig(databaseUrl(base, catalogueTemplate)));
  await runtime.close();
  project.provide('postgresTemplate', template);
  project.provide('postgresCatalogueTemplate', catalogueTemplate);
  return async () => {
    pgliteTemplate.remove();
    await adminQuery(base, ...dropBoth);
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
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
