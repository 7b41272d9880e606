import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSyntheticPanel } from '../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_ID } from '../../shared/methodology/models.ts';
import { createDb } from '../db/client.ts';
import { heatEvaluationCells, syncRuns } from '../db/schema/index.ts';
import { seedStoredHistory } from '../features/methodology/methodology.test-support.ts';
import { seedPgliteDataDir } from '../test/pglite-template.ts';
import { runEvaluateCli } from './evaluate.ts';

let dir: string;
const env = () => ({ DATA_DIR: dir, LOG_LEVEL: 'silent', CATALOGUE_AUTOLOAD: 'false' });
const now = () => new Date('2026-03-01T08:00:00Z');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'heatrank-evaluate-'));
  await seedPgliteDataDir(dir);
  const handle = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  await seedStoredHistory(
    handle.db,
    createSyntheticPanel({ projects: 50, days: 50, seed: 9, attentionLag: 7 }),
    CODE_MODEL_ID,
  );
  await handle.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('prints the tables of each model and basis, overall and by sector, and stores them with --store', async () => {
  const result = await runEvaluateCli(
    ['--from', '2026-01-01', '--to', '2026-02-19', '--model', CODE_MODEL_ID, '--horizon', '1,7,30', '--store'],
    env(),
    {
      progress: new PassThrough(),
      now,
    },
  );

  expect(result.code, result.out).toBe(0);
  expect(result.out).toContain(`${CODE_MODEL_ID} (published): 2026-01-01 … 2026-02-19`);
  expect(result.out).toContain(`${CODE_MODEL_ID} (replayed)`);
  expect(result.out).toMatch(/pageViews\s+7\s+0\.\d{3} \[0\.\d{3}, 0\.\d{3}\]\s+0\.\d{3} \[.*\] vs 0\.1/);
  expect(result.out).toMatch(/pageViews\s+30\s+no data yet: 90 more days needed/);
  expect(result.out).toContain('by sector');
  expect(result.out).toMatch(/absPriceMove\s+1\s+-?0\.\d{3}/);
  const handle = await createDb({ DATA_DIR: dir, DATABASE_URL: undefined }, { role: 'test' });
  const runs = await handle.db.select().from(syncRuns);
  const cells = await handle.db.select().from(heatEvaluationCells);
  await handle.close();
  expect(runs).toEqual([expect.objectContaining({ job: 'heat-evaluation', trigger: 'cli', status: 'success' })]);
  expect(cells.length).toBeGreaterThan(0);
});

test.each([
  [['--from', '2026-13-01'], /--from: not a day/],
  [['--from', '2026-02-01', '--to', '2026-01-01'], /--from is after --to/],
  [['--horizon', '0'], /--horizon/],
  [['--outcome', 'tweets'], /--outcome: one of/],
  [['--nope'], /Unknown option/],
])('bad arguments %j exit 2 with the usage', async (argv, message) => {
  const result = await runEvaluateCli(argv, env());

  expect(result.code).toBe(2);
  expect(result.out).toMatch(message);
  expect(result.out).toContain('usage: npm run evaluate');
});
