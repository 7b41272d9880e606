import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MINUTE_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { projectScores, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { selectRunScores } from './heat.queries.ts';
import { recomputeHeat } from './recompute.service.ts';

// project_scores: one row per project, kept by triggers; rewritten in place or rebuilt by a recompute.

const T0 = new Date('2026-11-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE_MS);

let t: TestApp;
let indexesAsMigrated: { indexname: string; indexdef: string }[];
const scoreIndexes = () =>
  queryRows<{ indexname: string; indexdef: string }>(
    t.db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'project_scores' ORDER BY indexname`,
  );

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  indexesAsMigrated = await scoreIndexes();
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertSector(t.db, { id: 'ai', name: 'AI' });
  for (let i = 0; i < 30; i++) {
    await insertProject(t.db, {
      id: `p${String(i).padStart(2, '0')}`,
      category: i % 3 === 0 ? 'AI' : 'DeFi',
      followersTwitter: 1_000 * (i + 1) ** 2,
      marketCap: i % 4 === 0 ? null : 1e6 * (i + 1),
      devStars: i % 5 === 0 ? 50 * i : null,
      listedAt: new Date(T0.getTime() - (i * 20 + 3) * 86_400_000),
    });
  }
});
afterAll(() => t.close());

const scoreOf = async (id: string) =>
  (await t.db.select().from(projectScores).where(eq(projectScores.projectId, id)))[0];
/** Everything a run decides, without its time. */
const outcomes = async () =>
  (await t.db.select().from(projectScores).orderBy(projectScores.projectId)).map(({ computedAt: _, ...rest }) => rest);

describe('project_scores triggers', () => {
  // Was "the neutral 50 with status new": since migration 0011 a new project is not scored until a recompute finds
  // enough evidence, so it can never sit at 50 above projects with data; since migration 0037 its social score is
  // null too (no profile read), not the social formula's base 50.
  test('a new project starts unscored (heat, social score and status null, evidence 0), in its category', async () => {
    await t.db.insert(projects).values({ id: 'newcomer', name: 'Newcomer', category: 'AI' });

    expect(await scoreOf('newcomer')).toMatchObject({
      heatScore: null,
      signalScore: null,
      evidenceCount: 0,
      socialScore: null,
      status: null,
      category: 'AI',
      computedAt: null,
    });
  });

  test('the row follows a project that changes category or id, and goes when the project is deleted', async () => {
    await t.db.update(projects).set({ category: 'DeFi' }).where(eq(projects.id, 'newcomer'));
    expect((await scoreOf('newcomer'))?.category).toBe('DeFi');

    await t.db.update(projects).set({ id: 'renamed' }).where(eq(projects.id, 'newcomer'));
    expect(await scoreOf('newcomer')).toBeUndefined();
    expect((await scoreOf('renamed'))?.category).toBe('DeFi');

    await t.db.delete(projects).where(eq(projects.id, 'renamed'));
    expect(await scoreOf('renamed')).toBeUndefined();
  });

  test('every project has exactly one row', async () => {
    const [row] = await queryRows<{ projects: number; scores: number; orphans: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM project_scores) AS scores,
        (SELECT count(*)::int FROM project_scores s WHERE NOT EXISTS
          (SELECT 1 FROM projects p WHERE p.id = s.project_id)) AS orphans`,
    );
    expect(row).toEqual({ projects: 30, scores: 30, orphans: 0 });
  });
});

describe('recompute strategies', () => {
  test('a rebuild stores exactly what an in-place update stores', async () => {
    const updated = await recomputeHeat(t.db, { now: at(0), strategy: 'update' });
    const byUpdate = await outcomes();
    // Forget the inputs hashes so the next run counts every row as changed.
    await t.db.update(projectScores).set({ inputsHash: null });

    const rebuilt = await recomputeHeat(t.db, { now: at(0.001), strategy: 'rebuild' });

    expect(updated).toMatchObject({ strategy: 'update', projectsChanged: 30 });
    // Change-only history: the 2 sectors' rows, since no score moved; the run still reads as 24 scored projects
    // (p04, p08, p12, p16, p24 and p28 have only followers — 1 signal — so no history).
    expect(rebuilt).toMatchObject({ strategy: 'rebuild', projectsChanged: 30, historyRows: 2, unscored: 6 });
    expect(await selectRunScores(t.db, 'project', at(0.001))).toHaveLength(24);
    expect(await scoreOf('p04')).toMatchObject({ heatScore: null, status: null, evidenceCount: 1 });
    expect(await outcomes()).toEqual(byUpdate);
    expect((await scoreOf('p05'))?.computedAt?.toISOString()).toBe(at(0.001).toISOString());
  });

  test('after a rebuild the table has the primary key and indexes the migration made, and the triggers still write to it', async () => {
    const indexes = await scoreIndexes();
    expect(indexes).toEqual(indexesAsMigrated); // same names and definitions
    expect(indexes.map((r) => r.indexname)).toEqual([
      'project_scores_category_heat_idx',
      'project_scores_dirty_idx',
      'project_scores_heat_idx',
      'project_scores_pkey',
      'project_scores_rescore_idx',
      'project_scores_social_idx',
    ]);
    const tables = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'project_scores_next'`,
    );
    expect(tables[0]?.n).toBe(0);

    await t.db.insert(projects).values({ id: 'after-rebuild', name: 'After', category: 'AI' });
    expect(await scoreOf('after-rebuild')).toMatchObject({ heatScore: null, status: null, evidenceCount: 0 });
    await t.db.delete(projects).where(eq(projects.id, 'after-rebuild'));
  });

  test('projects added, recategorised or deleted while a rebuild computes are neither lost nor resurrected', async () => {
    let concurrent: Promise<unknown> | undefined;
    const result = await recomputeHeat(t.db, {
      now: at(5),
      strategy: 'rebuild',
      onProgress: (phase, done, total) => {
        // Right after the run read every project: another writer changes the universe under it.
        if (phase === 'read' && done === total && !concurrent) {
          concurrent = (async () => {
            await t.db.insert(projects).values({ id: 'late', name: 'Late', category: 'DeFi' });
            await t.db.update(projects).set({ category: 'AI' }).where(eq(projects.id, 'p01'));
            await t.db.delete(projects).where(eq(projects.id, 'p02'));
          })();
        }
      },
    });
    await concurrent;

    expect(result.strategy).toBe('rebuild');
    expect(await scoreOf('late')).toMatchObject({ heatScore: null, status: null, category: 'DeFi' });
    expect((await scoreOf('p01'))?.category).toBe('AI');
    expect(await scoreOf('p02')).toBeUndefined();
    const [count] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM project_scores`);
    expect(count?.n).toBe(30); // 30 − p02 + late
  });

  test('auto updates in place when few rows changed', async () => {
    await t.db.update(projects).set({ followersTwitter: 9_999_999 }).where(eq(projects.id, 'p03'));

    const result = await recomputeHeat(t.db, { now: at(10) });

    expect(result.strategy).toBe('update');
    expect(result.projectsChanged).toBeGreaterThanOrEqual(1);
    expect((await scoreOf('p03'))?.computedAt?.toISOString()).toBe(at(10).toISOString());
  });
});
