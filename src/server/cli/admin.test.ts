import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb } from '../db/client.ts';
import { projects } from '../db/schema/index.ts';
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

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'heatrank-admin-'));
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
