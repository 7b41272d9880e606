import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSyntheticPanel } from '../../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { selectEvaluationCells, selectEvaluationDays } from './evaluation.queries.ts';
import { toStoredRows } from './evaluation-rows.ts';
import { runEvaluation } from './evaluation-run.service.ts';
import { seedStoredHistory } from './methodology.test-support.ts';

// The daily evaluation extended day by day must store and return exactly what a computation of the whole window from
// scratch gives on the same stored data: as the window moves, after a past day is rewritten (a backfill), and it must
// fall back to the whole window when a project's sector changes; and a project whose values were stored before it
// existed must be read all the same.

const PANEL = createSyntheticPanel({
  projects: 36,
  days: 75,
  seed: 11,
  attentionLag: 7,
  sectors: ['AI', 'DeFi', 'L1'],
});
const DAYS = PANEL.days;
const NOW = new Date('2026-06-01T00:00:00Z');
const FAST = { resamples: 200 };
const windowOf = (shift: number) => ({ from: DAYS[2 + shift] as string, to: DAYS[70 + shift] as string });
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await seedStoredHistory(t.db, PANEL, CODE_MODEL_ID);
});
afterAll(() => t.close());

/** The whole window computed from scratch (nothing stored), and the stored rows it would leave. */
async function computeFromScratch(window: { from: string; to: string }) {
  const run = await runEvaluation(t.db, { now: NOW, ...window, ...FAST, store: false });
  const evaluation = run.evaluations.find((e) => e.basis === 'published' && e.modelVersion === CODE_MODEL_ID);
  if (!evaluation) throw new Error('no published evaluation');
  return {
    result: evaluation.result,
    rows: toStoredRows({ modelVersion: CODE_MODEL_ID, basis: 'published' }, evaluation.result, NOW),
  };
}

/** What is stored for the published code model, in a stable order and without the run time. */
async function readStored() {
  const filter = { modelVersion: CODE_MODEL_ID, basis: 'published' as const };
  const cells = (await selectEvaluationCells(t.db, filter)).map(({ computedAt: _, ...c }) => c);
  return { cells, days: await selectEvaluationDays(t.db, filter) };
}

const byKey = <T extends { outcome: string; horizon: number; groupKind: string; groupId: string }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    `${a.outcome}|${a.horizon}|${a.groupKind}|${a.groupId}|${'day' in a ? a.day : ''}` <
    `${b.outcome}|${b.horizon}|${b.groupKind}|${b.groupId}|${'day' in b ? b.day : ''}`
      ? -1
      : 1,
  );

async function expectSameAsScratch(window: { from: string; to: string }) {
  const scratch = await computeFromScratch(window);
  const stored = await readStored();
  expect(byKey(stored.days)).toEqual(byKey(scratch.rows.days));
  expect(byKey(stored.cells)).toEqual(byKey(scratch.rows.cells.map(({ computedAt: _, ...c }) => c)));
  return scratch.result;
}

describe('the daily evaluation, extended day by day', () => {
  test('a first run computes the whole window', async () => {
    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(0), ...FAST });

    expect(run.mode).toBe('full');
    await expectSameAsScratch(windowOf(0));
  });

  test('as the window moves, only the new days are computed, with the same tables as from scratch', async () => {
    for (const shift of [1, 2]) {
      const run = await runEvaluation(t.db, { now: NOW, ...windowOf(shift), ...FAST });

      expect(run.mode).toBe('incremental');
      const scratch = await expectSameAsScratch(windowOf(shift));
      expect(run.evaluations.find((e) => e.modelVersion === CODE_MODEL_ID)?.result).toEqual(scratch);
    }
  });

  test('late data for a recent day is recomputed where it is read: the tables move, as from scratch', async () => {
    const before = await readStored();
    const late = DAYS[70] as string; // the window ends at DAYS[72]
    await t.db.execute(
      sql`UPDATE daily_signals SET value = value * 3 + 50 WHERE day = ${late}::date AND signal IN ('pageViews', 'news')`,
    );
    await t.db.execute(sql`UPDATE heat_daily_ranks SET score = 100 - score WHERE day = ${DAYS[64] as string}::date`);

    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(2), ...FAST });

    expect(run.mode).toBe('incremental');
    expect((await readStored()).days).not.toEqual(before.days);
    await expectSameAsScratch(windowOf(2));
  });

  test('a day rewritten deep in the window (a backfill) is computed with the whole window', async () => {
    await t.db.execute(sql`UPDATE daily_signals SET value = value + 1 WHERE day = ${DAYS[30] as string}::date`);

    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(3), ...FAST });

    expect(run.mode).toBe('full');
    await expectSameAsScratch(windowOf(3));
  });

  test("a project's sector changes: every past sector figure may move, so the whole window is computed", async () => {
    await t.db.execute(sql`UPDATE projects SET category = 'L1' WHERE id = ${PANEL.projects[0]?.id as string}`);

    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(4), ...FAST });

    expect(run.mode).toBe('full');
    await expectSameAsScratch(windowOf(4));
  });

  test('the same window with nothing written since recomputes nothing and keeps the tables', async () => {
    const before = await readStored();

    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(4), ...FAST });

    expect(run.mode).toBe('incremental');
    expect(await readStored()).toEqual(before);
  });

  test("a project added after its days' signals were stored is read where the stored days lack it", async () => {
    // Its values land first (daily_signals has no foreign key), so the signal store's arrays of those days are
    // built without it; then the project and one day of its heat arrive, and only that day is logged again.
    const source = PANEL.projects[1]?.id as string;
    await t.db.execute(sql`
      INSERT INTO daily_signals (project_id, signal, day, value, source, fetched_at)
      SELECT 'late-project', signal, day, value * 2 + 5, source, fetched_at FROM daily_signals
      WHERE project_id = ${source} AND day BETWEEN ${DAYS[55] as string}::date AND ${DAYS[73] as string}::date`);
    expect((await runEvaluation(t.db, { now: NOW, ...windowOf(4), ...FAST })).mode).toBe('full');
    await insertProject(t.db, { id: 'late-project', category: 'AI' });
    const at = `${DAYS[66] as string}T23:00:00Z`;
    await t.db.execute(sql`
      INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity)
      VALUES ('project', 'late-project', ${at}::timestamptz, 97, ${CODE_MODEL_ID}, 'day')`);
    await t.db.execute(sql`
      INSERT INTO heat_daily_ranks (entity_type, entity_id, day, computed_at, score, rank, total)
      VALUES ('project', 'late-project', ${DAYS[66] as string}::date, ${at}::timestamptz, 97, 1, 37)`);

    const run = await runEvaluation(t.db, { now: NOW, ...windowOf(4), ...FAST });

    expect(run.mode).toBe('incremental');
    await expectSameAsScratch(windowOf(4));
  });
});
