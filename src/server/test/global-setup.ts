import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';

// The provided 'pgliteTemplate' is declared with its reader in build-test-app.ts (a type-only link, erased at run time).
export type { TestApp } from './build-test-app.ts';

/**
 * Runs every migration once per run, and every test file's database starts from the result instead of running them
 * itself — about two minutes of a CI run on each database:
 * - PGlite: the migrated in-memory data directory, dumped to a temporary file; a file's PGlite loads it (~0.5 s
 *   instead of initdb and the migrations, ~2.5 s).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database; a file's database is CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    project.provide('pgliteTemplate', null);
    const template = `heatrank_template_${process.pid}`;
    await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`, `CREATE DATABASE ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: url.toString() });
    await handle.close();
    project.provide('postgresTemplate', template);
    return () => adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  project.provide('postgresTemplate', null);
  const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(tmpdir(), `heatrank-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rmSync(path, { force: true });
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
