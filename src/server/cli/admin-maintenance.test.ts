import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createDb, queryRows } from '../db/client.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { runAdminCli } from './admin.ts';

// npm run admin -- maintenance <action>: the same run as POST /api/admin/maintenance/:action, trigger 'cli'.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('maintenance remove-unnamed runs from the CLI and is recorded; an unknown action prints the usage', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'heatrank-maint-cli-'));
  dirs.push(dir);
  const t = await buildTestApp({
    catalogue: false,
    env: process.env.TEST_DATABASE_URL ? {} : { DATA_DIR: dir, CATALOGUE_AUTOLOAD: 'false' },
  });
  const env = t.config.DATABASE_URL
    ? { DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' }
    : { DATA_DIR: dir, LOG_LEVEL: 'silent' };
  await insertProject(t.db, { id: 'blank', name: ' ' });
  await insertProject(t.db, { id: 'kept', name: 'Kept' });
  await t.closeKeepingDatabase(); // releases the data-directory lock, as stopping the server would

  const done = await runAdminCli(['maintenance', 'remove-unnamed'], env);
  const unknown = await runAdminCli(['maintenance', 'drop-all'], env);

  expect(done.code).toBe(0);
  expect(done.out).toMatch(/^remove-unnamed: success \(removed 1, sectorsChanged \d+\), sync_runs #\d+$/);
  expect(unknown.code).toBe(2);
  const handle = await createDb({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: dir });
  try {
    const ids = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM projects ORDER BY id`);
    const runs = await queryRows<{ trigger: string }>(
      handle.db,
      sql`SELECT trigger FROM sync_runs WHERE job = 'maintenance:remove-unnamed'`,
    );
    expect(ids.map((r) => r.id)).toEqual(['kept']);
    expect(runs).toEqual([{ trigger: 'cli' }]);
  } finally {
    await handle.close();
    await t.dropDatabase?.();
  }
}, 120_000);
