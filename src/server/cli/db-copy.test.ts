import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { formatCounts } from './db-copy.ts';

// The command's edges; the copy itself is tested in src/server/db/copy-database.test.ts.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/db-copy.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test('without a postgres:// target it prints the usage and exits 2', async () => {
  const result = await runCli(['--to', 'mysql://x/y'], {});

  expect(result.code).toBe(2);
  expect(result.stderr).toContain('usage: npm run db:copy -- --to postgres://');
}, 60_000);

test('beside a server on the same data directory it stops with the lock message and copies nothing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heatrank-db-copy-'));
  dirs.push(dataDir);
  const lock = acquireDataDirLock(dataDir, 'server');
  try {
    const result = await runCli(['--to', 'postgres://nobody:pw@127.0.0.1:1/none', '--data-dir', dataDir], {});

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the server is running on this data directory/);
    expect(result.stderr).not.toContain('pw@');
  } finally {
    lock.release();
  }
}, 60_000);

test('the count table marks a difference', () => {
  const text = formatCounts([
    { table: 'projects', source: 3, target: 3 },
    { table: 'sectors', source: 2, target: 1 },
  ]);

  expect(text.split('\n')).toEqual([
    '  table       embedded    postgres',
    '  projects           3           3  ok',
    '  sectors            2           1  DIFFERS',
  ]);
});
