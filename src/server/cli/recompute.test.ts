import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { syncRuns } from '../db/schema/index.ts';
import { seedPgliteDataDir } from '../test/pglite-template.ts';
import { runRecomputeCli } from './recompute.ts';

let dir: string;
const env = () => ({ DATA_DIR: dir, LOG_LEVEL: 'silent', CATALOGUE_AUTOLOAD: 'true' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'heatrank-recompute-'));
  await seedPgliteDataDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('recomputes the catalogue once, records the run and prints a summary', async () => {
  // (cli-progress draws only on a TTY; a PassThrough checks that a bar on a non-TTY stream does not break the run)
  const result = await runRecomputeCli(['--compact'], env(), { progress: new PassThrough() });

  expect(result.code).toBe(0);
  expect(result.out).toMatch(
    /recomputed [\d,]+ projects \([\d,]+ changed, scores (table rebuilt|updated in place)\) and \d+ sectors/,
  );
  expect(result.out).toMatch(/history retention/);
  const handle = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  const runs = await handle.db.select().from(syncRuns);
  await handle.close();
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ job: 'heat', trigger: 'cli', status: 'success' });
});

test('refuses to run while another process holds the data directory, naming it', async () => {
  const lock = acquireDataDirLock(dir, 'server');
  try {
    const result = await runRecomputeCli([], env());

    expect(result.code).toBe(1);
    expect(result.out).toMatch(/server is running on this data directory/);
  } finally {
    lock.release();
  }
});

test('rejects unknown arguments with exit code 2', async () => {
  const result = await runRecomputeCli(['--fast'], env());

  expect(result.code).toBe(2);
  expect(result.out).toMatch(/usage: npm run recompute/);
});
