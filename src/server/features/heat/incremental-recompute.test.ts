import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRandom } from '../../../shared/methodology/random.ts';
import { HEAT_MODEL_VERSION } from '../../../shared/scoring/index.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/time/duration.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { heatRecomputeState, projectScores, projects } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { generateSyntheticProject, seedSynthetic } from '../synthetic/synthetic.service.ts';
import { markScoringTransaction, selectRunScores, updateProjectScores } from './heat.queries.ts';
import { planIncremental, scoreIncremental } from './incremental-recompute.ts';
import { type RecomputeResult, recomputeHeat } from './recompute.service.ts';

// The incremental recompute must store exactly what a full recompute stores. Two databases get the same synthetic
// catalogue and the same seeded edits; one is recomputed with the default scope (incremental where it can), the other
// with scope 'full'; after every run their scores, sectors and history must be identical, over 2½ days of runs so
// baselines appear, move, and the trending cutoff shifts.

const T0 = new Date('2026-11-01T12:00:00.000Z');
const COUNT = 200;
/** Edits per run: enough that more than a tenth of the projects gain, so the trending cutoff lies among real gains. */
const EDITS_PER_STEP = 10;
const SEED = 11;
const SECTOR_NAMES = ['DeFi', 'Layer2', 'GameFi', 'AI'];
const ids = Array.from({ length: COUNT }, (_, i) => `syn-${SEED}-${String(i).padStart(6, '0')}`);

let incremental: TestApp;
let full: TestApp;
/** Run each time through a new handle, as by a process that ran no run before: nothing kept from the last run. */
let unkept: TestApp;

beforeAll(async () => {
  incremental = await buildTestApp({ catalogue: false });
  full = await buildTestApp({ catalogue: false });
  unkept = await buildTestApp({ catalogue: false });
  for (const t of [incremental, full, unkept]) await seedSynthetic(t.db, { count: COUNT, seed: SEED, now: T0 });
});
afterAll(async () => {
  await incremental.close();
  await full.close();
  await unkept.close();
});

type Edit = (db: Db) => Promise<unknown>;

/** A few seeded edits of the kinds that move scores (every draw made up front), the same for both databases. */
function editsFor(step: number, now: Date): Edit[] {
  const next = createRandom(1_000 + step);
  const pick = () => ids[Math.floor(next() * ids.length)] as string;
  const edits: Edit[] = [];
  // Projects added, removed or moved to another sector (kinds 6–8) only every third step: the runs in between find
  // the same projects as the run before, which a process that kept that run's outputs plans from the changed rows alone.
  const kinds = step % 3 === 0 ? 9 : 6;
  for (let i = 0; i < EDITS_PER_STEP; i++) {
    const id = pick();
    const factor = 0.5 + next() * 2;
    const priceChange = Math.round((next() * 60 - 30) * 100) / 100;
    const kind = Math.floor(next() * kinds);
    const sector = SECTOR_NAMES[Math.floor(next() * SECTOR_NAMES.length)] as string;
    switch (kind) {
      case 0: // social inputs grow or shrink
        edits.push((db) =>
          db.execute(sql`UPDATE projects SET followers_twitter = round(coalesce(followers_twitter, 100) * ${factor}::float8)
                         WHERE id = ${id}`),
        );
        break;
      case 1: // market moves
        edits.push((db) =>
          db.execute(sql`UPDATE projects SET market_cap = coalesce(market_cap, 1e6) * ${factor}::float8,
                           price_change_24h = ${priceChange} WHERE id = ${id}`),
        );
        break;
      case 2: // listed just under a week ago: its age factor steps down during the runs, without an edit
        edits.push((db) =>
          db
            .update(projects)
            .set({ listedAt: new Date(now.getTime() - 7 * DAY_MS + 3 * HOUR_MS) })
            .where(eq(projects.id, id)),
        );
        break;
      case 3: // loses most signals (may become unscored)
        edits.push((db) =>
          db.execute(sql`UPDATE projects SET market_cap = NULL, volume_24h = NULL, price_change_24h = NULL,
                           price_change_7d = NULL, followers_telegram = NULL, followers_discord = NULL WHERE id = ${id}`),
        );
        break;
      case 4: // an edit that changes no heat input: must not count as changed
        edits.push((db) => db.execute(sql`UPDATE projects SET intro_en = ${`edited ${step}`} WHERE id = ${id}`));
        break;
      case 6: // another sector: both sectors' members change
        edits.push((db) => db.update(projects).set({ category: sector }).where(eq(projects.id, id)));
        break;
      case 7: // delisted
        edits.push((db) => db.delete(projects).where(eq(projects.id, id)));
        break;
      case 8: // a new project appears
        edits.push((db) =>
          db
            .insert(projects)
            .values(generateSyntheticProject(SEED + 1, step * 100 + i, now))
            .onConflictDoNothing(),
        );
        break;
      default: // a big social jump: a rising or trending candidate
        edits.push((db) =>
          db.execute(sql`UPDATE projects SET followers_twitter = 5000000, mentions_7d = 20000 WHERE id = ${id}`),
        );
    }
  }
  return edits;
}

const scoresOf = (db: Db) => queryRows(db, sql`SELECT * FROM project_scores ORDER BY project_id`);
const sectorsOf = (db: Db) =>
  queryRows(
    db,
    sql`SELECT id, heat_score, scored_count, social_score, change_24h, trend, breadth, concentration, heat_breakdown,
          heat_computed_at FROM sectors ORDER BY id`,
  );
const historyOf = (db: Db, at: Date) =>
  queryRows(
    db,
    sql`SELECT entity_type, entity_id, score, social_score, signal_score, contributions, breakdown, model
        FROM heat_history WHERE computed_at = ${at.toISOString()}::timestamptz ORDER BY entity_type, entity_id`,
  );

/** The rows that differ between two reads (at most 3, for a readable failure), and whether the counts match. */
async function differences(read: (db: Db) => Promise<unknown[]>, other: Db = full.db) {
  const [a, b] = await Promise.all([read(incremental.db), read(other)]);
  const diff: { incremental: unknown; full: unknown }[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && diff.length < 3; i++) {
    if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) diff.push({ incremental: a[i], full: b[i] });
  }
  return { rows: a.length === b.length ? 'same' : `${a.length} ≠ ${b.length}`, diff };
}
const SAME = { rows: 'same', diff: [] };

describe('incremental recompute', () => {
  test('stores exactly what a full recompute stores, run after run, with seeded edits in between', async () => {
    const scopes: string[] = [];
    const planReads: number[] = [];
    let rescoredIncrementally = 0;
    let rising = 0;
    // Every 6 h for 60 h, and again 10 minutes later in the same hour (a run that is not its hour's first writes
    // only the rows that moved): baselines appear at 24 h, then move with every run.
    for (let step = 0; step <= 20; step++) {
      const now = new Date(T0.getTime() + Math.floor(step / 2) * 6 * HOUR_MS + (step % 2) * 10 * MINUTE_MS);
      for (const edit of editsFor(step, now)) {
        await edit(incremental.db);
        await edit(full.db);
        await edit(unkept.db);
      }
      const a = await recomputeHeat(incremental.db, { now });
      const b = await recomputeHeat(full.db, { now, scope: 'full' });
      await recomputeHeat(Object.create(unkept.db) as Db, { now });
      scopes.push(a.scope);
      if (a.scope === 'incremental') {
        rescoredIncrementally += a.projectsRescored;
        planReads.push(a.planRowsRead);
      }
      rising += a.statuses.rising;

      expect(b.scope).toBe('full');
      const comparable = (r: RecomputeResult) => ({
        ...r,
        scope: '',
        projectsRescored: 0,
        planRowsRead: 0,
        timingsMs: {},
      });
      expect(comparable(a)).toEqual(comparable(b));
      expect({ step, ...(await differences(scoresOf)) }).toEqual({ step, ...SAME });
      expect({ step, ...(await differences(sectorsOf)) }).toEqual({ step, ...SAME });
      expect({ step, ...(await differences((db) => historyOf(db, now))) }).toEqual({ step, ...SAME });
      // A process that kept the last run's outputs plans from them; one that did not reads every row: the same rows.
      const unkeptHistory = await differences((db) => historyOf(db, now), unkept.db);
      expect({ step, ...unkeptHistory }).toEqual({ step, ...SAME });
    }
    // The first run and the one where a baseline first appears are full; the others only score what moved.
    expect(scopes.filter((s) => s === 'incremental').length).toBeGreaterThanOrEqual(15);
    expect(rescoredIncrementally).toBeLessThan(COUNT * 4);
    // Runs after a step without added, removed or moved projects read only the rows to re-score; the others every row.
    expect(planReads.filter((n) => n < COUNT / 4).length).toBeGreaterThanOrEqual(8);
    expect(planReads.filter((n) => n >= COUNT).length).toBeGreaterThanOrEqual(3);
    // Gains at or above 2 points but below the cutoff: the cutoff across every gain decided statuses.
    expect(rising).toBeGreaterThan(0);
  }, 300_000); // 42 recomputes on two databases
});

describe('incremental recompute: what it rewrites', () => {
  let t: TestApp;
  const at = (minutes: number) => new Date(T0.getTime() + 100 * DAY_MS + minutes * 60_000);
  const row = async (id: string) => (await t.db.select().from(projectScores).where(eq(projectScores.projectId, id)))[0];

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await seedSynthetic(t.db, { count: 50, seed: SEED, now: T0 });
    await recomputeHeat(t.db, { now: at(0) });
  });
  afterAll(() => t.close());

  test('an unchanged project is neither scored nor rewritten; a changed one is', async () => {
    const [changed, unchanged] = [ids[3] as string, ids[4] as string];
    const before = await row(unchanged);
    await t.db.update(projects).set({ followersTwitter: 7_777_777 }).where(eq(projects.id, changed));

    const result = await recomputeHeat(t.db, { now: at(5) });

    expect(result).toMatchObject({ scope: 'incremental', projectsRescored: 1, projectsChanged: 1, rowsWritten: 1 });
    expect((await row(changed))?.computedAt?.toISOString()).toBe(at(5).toISOString());
    expect(await row(unchanged)).toEqual(before);
    expect(result.historyRows).toBeGreaterThan(1); // history still gets every scored project's row per run
  });

  test('an edit that commits while a run is scoring keeps its row dirty for the next run', async () => {
    const id = ids[6] as string;
    await t.db.update(projects).set({ devStars: 1_000 }).where(eq(projects.id, id));
    // The run's steps by hand, so the second edit lands between its read and its write, as a concurrent writer's would.
    const plan = await planIncremental(t.db, at(10));
    const { derived } = await scoreIncremental(t.db, plan!, at(10), 1_000);
    await t.db.update(projects).set({ devStars: 123_456 }).where(eq(projects.id, id));
    await withTransaction(t.db, async (tx) => {
      await markScoringTransaction(tx);
      await updateProjectScores(tx, derived.toWrite, HEAT_MODEL_VERSION, at(10));
    });
    const stale = await row(id);
    expect(stale?.computedAt?.toISOString()).toBe(at(10).toISOString()); // the first edit was scored and written
    expect(stale?.inputsVersion).not.toBe(stale?.scoredVersion);

    const next = await recomputeHeat(t.db, { now: at(15) });
    expect(next.projectsRescored).toBe(1);
    const fresh = await row(id);
    expect(fresh?.scoredVersion).toBe(fresh?.inputsVersion);
    expect(fresh?.computedAt?.toISOString()).toBe(at(15).toISOString());
  });

  test("a run that commits between another run's plan and its write sends that run back to a full recompute", async () => {
    const id = ids[9] as string;
    await t.db.update(projects).set({ devForks: 4_321 }).where(eq(projects.id, id));
    let interleaved: RecomputeResult | undefined;
    const result = await recomputeHeat(t.db, {
      now: at(30),
      onProgress: async (phase) => {
        // The first pass's read is done: another instance's run commits before this one writes.
        if (phase === 'read' && !interleaved) interleaved = await recomputeHeat(t.db, { now: at(25) });
      },
    });
    expect(interleaved).toMatchObject({ scope: 'incremental', projectsRescored: 1 });
    expect(result.scope).toBe('full');
    expect((await row(id))?.computedAt?.toISOString()).toBe(at(25).toISOString()); // scored by the first commit
    const state = await t.db.select().from(heatRecomputeState);
    expect(state[0]?.lastRunAt.toISOString()).toBe(at(30).toISOString());
  });

  test('a stored score edited outside the recompute is re-scored by the next run', async () => {
    const id = ids[8] as string;
    const before = await row(id);
    await t.db.update(projectScores).set({ heatScore: 1 }).where(eq(projectScores.projectId, id));

    const result = await recomputeHeat(t.db, { now: at(35) });

    expect(result.projectsRescored).toBe(1);
    expect((await row(id))?.heatScore).toBe(before?.heatScore);
  });

  test("a process reads back the stored outputs when another process's run committed since its own", async () => {
    const id = ids[12] as string;
    // The same database through another handle: another instance, with no outputs of its own kept.
    const other = Object.create(t.db) as Db;
    await recomputeHeat(t.db, { now: at(40) }); // this process keeps its run's outputs
    await t.db.update(projects).set({ followersTwitter: 9_999_999, mentions7d: 50_000 }).where(eq(projects.id, id));
    // The other instance runs next: the project's row moves, and its versions match again.
    expect(await recomputeHeat(other, { now: at(42) })).toMatchObject({ scope: 'incremental', projectsRescored: 1 });
    const scored = await row(id);

    const next = await recomputeHeat(t.db, { now: at(45) });
    expect(next.scope).toBe('incremental');
    expect((await row(id))?.heatScore).toBe(scored?.heatScore);
    // What a full run finds a few minutes on (no input changed, no 24 h baseline yet: the same figures).
    const figures = async () =>
      (await sectorsOf(t.db)).map((r) => {
        const { heat_computed_at: _, ...sector } = r as Record<string, unknown>;
        return sector;
      });
    const sectorsAfter = await figures();
    await recomputeHeat(t.db, { now: at(50), scope: 'full' });
    expect(sectorsAfter).toEqual(await figures());
  });

  test('a project deleted and added again between two runs of an hour is still in the second run', async () => {
    await recomputeHeat(t.db, { now: at(52) });
    const scoredAt = async (minutes: number) =>
      (await selectRunScores(t.db, 'project', at(minutes))).map((r) => r.entityId);
    const id = (await scoredAt(52))[0] as string;
    const [project] = await t.db.select().from(projects).where(eq(projects.id, id));
    // The delete ends its history row just after the last run; the same row comes back with the same outputs.
    await t.db.delete(projects).where(eq(projects.id, id));
    await t.db.insert(projects).values(project as typeof projects.$inferInsert);

    expect(await recomputeHeat(t.db, { now: at(55) })).toMatchObject({ scope: 'incremental', projectsRescored: 1 });
    expect(await scoredAt(55)).toContain(id);
  });
});
