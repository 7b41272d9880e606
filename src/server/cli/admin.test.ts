import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb } from '../db/client.ts';
import { pointsHistory, projects, userProfiles, users } from '../db/schema/index.ts';
import { seedPgliteDataDir } from '../test/pglite-template.ts';
import { runAdminCli } from './admin.ts';

let dir: string;
const env = () => ({ DATA_DIR: dir, LOG_LEVEL: 'silent', CATALOGUE_AUTOLOAD: 'true' });
const readUniswap = async () => {
  const handle = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  try {
    return (await handle.db.select().from(projects).where(eq(projects.id, 'uniswap')))[0];
  } finally {
    await handle.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'heatrank-admin-'));
  await seedPgliteDataDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('verify records an operator review with who, when and a note; unverify removes it', async () => {
  const verified = await runAdminCli(['verify', 'uniswap', '--by', 'Lin', '--note', 'checked uniswap.org'], env());

  expect(verified.code).toBe(0);
  expect(verified.out).toMatch(/uniswap verified: reviewed against its official site by Lin on \d{4}-\d{2}-\d{2}/);
  const row = await readUniswap();
  expect(row?.isVerified).toBe(true);
  expect(row?.verification).toMatchObject({ method: 'site-review', by: 'Lin', note: 'checked uniswap.org' });
  expect(Date.parse(row?.verification?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);

  const removed = await runAdminCli(['unverify', 'uniswap'], env());

  expect(removed).toEqual({ code: 0, out: 'uniswap is no longer verified (was: site-review by Lin)' });
  expect(await readUniswap()).toMatchObject({ isVerified: false, verification: null });
});

test('an unknown project is exit 1; a missing --by or an unknown flag is a usage error', async () => {
  expect(await runAdminCli(['verify', 'no-such-project', '--by', 'Lin'], env())).toEqual({
    code: 1,
    out: 'no project with id no-such-project',
  });
  expect((await runAdminCli(['verify', 'uniswap'], env())).code).toBe(2);
  expect((await runAdminCli(['verify', 'uniswap', '--by'], env())).code).toBe(2);
  expect((await runAdminCli(['verify', 'uniswap', '--who', 'Lin'], env())).code).toBe(2);
  expect((await runAdminCli(['unverify'], env())).code).toBe(2);
});

test('points credits and debits through the ledger; an overdraft, a bad amount or another reason is refused', async () => {
  const handle = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  try {
    const [user] = await handle.db.insert(users).values({ email: 'cli-points@example.com' }).returning();
    await handle.db.insert(userProfiles).values({ id: user!.id, email: user!.email });
  } finally {
    await handle.close();
  }
  const run = (...args: string[]) => runAdminCli(['points', 'cli-points@example.com', ...args], env());

  expect(await run('+120', '--reason', 'admin.adjust')).toEqual({
    code: 0,
    out: 'cli-points@example.com: +120 points, balance 120',
  });
  expect(await run('-20', '--reason', 'admin.adjust')).toEqual({
    code: 0,
    out: 'cli-points@example.com: -20 points, balance 100',
  });
  expect(await run('-101', '--reason', 'admin.adjust')).toEqual({
    code: 1,
    out: 'cli-points@example.com has 100 points: a debit of 101 is refused',
  });
  expect((await run('1.5', '--reason', 'admin.adjust')).code).toBe(2);
  expect((await run('0', '--reason', 'admin.adjust')).code).toBe(2);
  expect((await run('+10', '--reason', 'task.daily')).code).toBe(2);
  expect((await run('+10')).code).toBe(2);
  expect((await runAdminCli(['points', 'nobody@example.com', '+1', '--reason', 'admin.adjust'], env())).code).toBe(1);

  const check = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  try {
    const rows = await check.db.select().from(pointsHistory);
    expect(rows.map((r) => [r.pointsChange, r.reason, r.currentTotal])).toEqual([
      [120, 'admin.adjust', 120],
      [-20, 'admin.adjust', 100],
    ]);
  } finally {
    await check.close();
  }
});
