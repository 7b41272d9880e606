import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { projectRowsAt } from '../../db/history-at.ts';
import { projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { selectRunScores } from './heat.queries.ts';
import { getProjectHistory, readProjectHistory } from './heat.service.ts';
import {
  countHistoryRows,
  selectHistoryPoints,
  selectHistoryRowAtOrBefore,
  selectHistoryRowsPage,
} from './history.queries.ts';
import { recomputeHeat } from './recompute.service.ts';

// docs/heat-score.md §7.2: a run writes a project's history row only where a stored output moved, plus one at its
// first run of each UTC hour, and every reader answers as when each run wrote a row per scored project.

const T0 = new Date('2026-11-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE_MS);
const RUNS = [0, 5, 10, 15, 20, 65, 70];
const IDS = ['alpha', 'beta', 'gamma'];

let t: TestApp;

const projectRowsOfRun = (when: Date) =>
  queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM heat_history WHERE entity_type = 'project' AND computed_at = ${when.toISOString()}::timestamptz`,
  ).then((r) => r[0]?.n ?? 0);

/** Every answer the history readers give about the projects, at every run and over every range. */
async function readerAnswers() {
  const range = { from: at(-60), to: at(24 * 60) };
  const answers: Record<string, unknown> = {};
  for (const minutes of RUNS) {
    const runScores = await selectRunScores(t.db, 'project', at(minutes));
    answers[`run ${minutes}`] = [...runScores].sort((a, b) => a.entityId.localeCompare(b.entityId));
  }
  for (const id of IDS) {
    answers[`points ${id}`] = await selectHistoryPoints(t.db, 'project', id, at(-7 * 24 * 60), 3600);
    answers[`points since 7 ${id}`] = await selectHistoryPoints(t.db, 'project', id, at(7), 3600);
    answers[`latest ${id}`] = await selectHistoryRowAtOrBefore(t.db, 'project', id);
    for (const minutes of RUNS) {
      answers[`at ${minutes} ${id}`] = await selectHistoryRowAtOrBefore(t.db, 'project', id, at(minutes + 2));
    }
    answers[`count ${id}`] = await countHistoryRows(t.db, id, range);
    answers[`page ${id}`] = await selectHistoryRowsPage(t.db, id, range, null, 100);
    answers[`since 7 ${id}`] = await countHistoryRows(t.db, id, { from: at(7), to: at(24 * 60) });
    answers[`api ${id}`] = await getProjectHistory(t.db, id, '7d', at(75));
    const exported = await readProjectHistory(t.db, id, range, null, 2);
    const rows = [];
    for await (const row of exported.rows) rows.push(row);
    answers[`export ${id}`] = { total: exported.total, rows };
  }
  return answers;
}

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertProject(t.db, { id: 'alpha', category: 'DeFi', followersTwitter: 1_000_000, marketCap: 1e9 });
  await insertProject(t.db, { id: 'beta', category: 'DeFi', marketCap: 5e7, volume24h: 5e6, devStars: 300 });
  await insertProject(t.db, { id: 'gamma', category: 'DeFi', marketCap: 2e7, volume24h: 1e6 });
});
afterAll(() => t.close());

describe('change-only project history', () => {
  test('a run where nothing moved writes no project row, and every reader answers as with a row per run', async () => {
    for (const minutes of RUNS) {
      // 10: alpha's inputs move; 15: gamma loses its evidence (not scored); 65: gamma is back (next hour).
      if (minutes === 10) await t.db.update(projects).set({ marketCap: 3e9 }).where(eq(projects.id, 'alpha'));
      if (minutes === 15) {
        await t.db.update(projects).set({ marketCap: null, volume24h: null }).where(eq(projects.id, 'gamma'));
      }
      if (minutes === 65) {
        await t.db.update(projects).set({ marketCap: 2e7, volume24h: 1e6 }).where(eq(projects.id, 'gamma'));
      }
      await recomputeHeat(t.db, { now: at(minutes) });
    }

    expect(await projectRowsOfRun(at(0))).toBe(3); // the hour's first run: a row per scored project
    expect(await projectRowsOfRun(at(5))).toBe(0); // nothing moved
    expect(await projectRowsOfRun(at(10))).toBe(1); // alpha
    expect(await projectRowsOfRun(at(20))).toBe(0);
    expect(await projectRowsOfRun(at(65))).toBe(3); // the next hour's first run
    expect((await selectRunScores(t.db, 'project', at(5))).map((r) => r.entityId).sort()).toEqual(IDS);
    // gamma is not scored from 15 on, until 65
    expect((await selectRunScores(t.db, 'project', at(20))).map((r) => r.entityId).sort()).toEqual(['alpha', 'beta']);

    // gamma leaves the runs from 15 on (a row ends its carried one) and is back at 65, in every reader
    const range = { from: at(-60), to: at(24 * 60) };
    const gamma = await selectHistoryRowsPage(t.db, 'gamma', range, null, 100);
    expect(gamma.map((r) => r.computedAt.getTime())).toEqual([0, 5, 10, 65, 70].map((m) => at(m).getTime()));
    const points = await selectHistoryPoints(t.db, 'project', 'gamma', at(-60), HOUR_MS / 1000);
    expect(points.map((p) => p.at_ms)).toEqual([at(10).getTime(), at(70).getTime()]);
    expect((await selectHistoryRowAtOrBefore(t.db, 'project', 'gamma', at(30)))?.computedAt).toEqual(at(10));

    const changeOnly = await readerAnswers();
    // Write what a run used to write (a row per scored project per run) and drop the rows that end a carried row:
    // the readers must not tell the difference.
    await t.db.execute(sql`
      INSERT INTO heat_history (entity_type, entity_id, computed_at, score, social_score, signal_score, contributions,
        model)
      SELECT 'project', c.entity_id, r.computed_at, c.score, c.social_score, c.signal_score, c.contributions, c.model
      FROM heat_runs r CROSS JOIN LATERAL ${projectRowsAt(sql`r.computed_at`)} AS c
      WHERE r.granularity = 'run'
      ON CONFLICT DO NOTHING`);
    await t.db.execute(sql`DELETE FROM heat_history WHERE score IS NULL`);
    expect(await projectRowsOfRun(at(5))).toBe(3);
    // gamma's rows before 15 would carry on without the row that ended them: only compare where it is not needed
    const full = await readerAnswers();

    for (const key of Object.keys(full)) {
      if (key.includes('gamma') || key.startsWith('run 1') || key.startsWith('run 2')) continue;
      expect(changeOnly[key], key).toEqual(full[key]);
    }
  });
});
