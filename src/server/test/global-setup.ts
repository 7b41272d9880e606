import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';

// The provided 'pgliteTemplate' is declared with its reader in build-test-app.ts (a type-only link, erased at run time).
export type { TestApp } from './build-test-app.ts';

/**
 * Runs every migration once, in an in-memory PGlite, and dumps its data directory to a temporary file: each test
 * file's database then loads that (~0.5 s) instead of running initdb and the migrations (~2.5 s) — about two minutes
 * of a CI run. Not on PostgreSQL (TEST_DATABASE_URL), where each file gets a database of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const handle = await createDb({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(tmpdir(), `heatrank-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rmSync(path, { force: true });
}
