import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { createDb, queryRows } from '../db/client.ts';

// npm run seed:synthetic, run as users run it (its own process, on a PGlite directory).
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-synthetic.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });

describe('npm run seed:synthetic', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heatrank-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('--help prints the usage and exits 0; an unknown option says which and exits 2', () => {
    const help = run('--help');
    const bad = run('--bogus');

    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run seed:synthetic/);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--bogus'[\s\S]*usage:/);
  });

  // Was "its neutral score row" (50, 'new'): since migration 0011 the trigger's row is unscored until a recompute.
  test('seeds the requested number of projects, each with its unscored score row', async () => {
    const seeded = run('--count', '300', '--data-dir', dataDir);
    expect(seeded.status).toBe(0);

    const handle = await createDb({ DATA_DIR: dataDir, DATABASE_URL: undefined }, { migrate: false, role: 'test' });
    try {
      const [row] = await queryRows<{ projects: number; scores: number; unscored: number }>(
        handle.db,
        sql`SELECT (SELECT count(*)::int FROM projects WHERE is_synthetic) AS projects,
          (SELECT count(*)::int FROM project_scores) AS scores,
          (SELECT count(*)::int FROM project_scores WHERE heat_score IS NULL AND status IS NULL) AS unscored`,
      );
      expect(row).toEqual({ projects: 300, scores: 300, unscored: 300 });
    } finally {
      await handle.close();
    }
  });
});
