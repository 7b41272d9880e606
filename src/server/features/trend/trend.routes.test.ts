import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TrendResponse } from '../../../shared/api/compare.schema.ts';
import { DAY_MS, HOUR_MS } from '../../../shared/time/duration.ts';
import { heatDailyRanks, heatHistory, heatRuns, projects, sectors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { rebuildDailyRanks, refreshDailyRanks } from './trend.service.ts';

describe('GET /api/projects/:id/trend and /api/sectors/:id/trend (premium trend analysis)', () => {
  let t: TestApp;
  let premium: Agent;
  let free: Agent;
  let p: string[]; // A, B, C in sector S1; D in sector S2
  let s: string[]; // S1, S2
  const days: string[] = []; // the fixture's three UTC days, oldest first
  const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url: `${url}&lang=en` });
  /** The points without their as-of (checked on its own). */
  const figures = (body: TrendResponse) => body.points.map(({ asOf: _, ...point }) => point);

  beforeAll(async () => {
    t = await buildTestApp();
    const sectorRows = await t.db.select().from(sectors).orderBy(asc(sectors.id)).limit(2);
    s = sectorRows.map((r) => r.id);
    p = (await t.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(4)).map((r) => r.id);
    await t.db
      .update(projects)
      .set({ category: sectorRows[0]!.name })
      .where(inArray(projects.id, p.slice(0, 3)));
    await t.db.update(projects).set({ category: sectorRows[1]!.name }).where(eq(projects.id, p[3]!));
    // A known history: nothing else is ranked, and no run but the fixture's (the start-up run's time, listed in
    // heat_runs, would otherwise carry a row of today's first hour up to it).
    await t.db.delete(heatHistory);
    await t.db.delete(heatRuns);
    await t.db.delete(heatDailyRanks);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const at = (day: number, hour: number) => new Date(today - (2 - day) * DAY_MS + hour * HOUR_MS);
    for (let d = 0; d < 3; d++) days.push(at(d, 0).toISOString().slice(0, 10));
    const row = (type: 'project' | 'sector', entityId: string, computedAt: Date, score: number) => ({
      entityType: type,
      entityId,
      computedAt,
      score,
      model: 'heat-v1',
    });
    const [A, B, C, D] = p as [string, string, string, string];
    await t.db.insert(heatHistory).values([
      // day 0: D 70, B 60, A 50, C 40
      row('project', A, at(0, 6), 50),
      row('project', B, at(0, 6), 60),
      row('project', C, at(0, 6), 40),
      row('project', D, at(0, 6), 70),
      // day 1: A's last row of the day (80) counts, not its morning 10
      row('project', A, at(1, 1), 10),
      row('project', A, at(1, 2), 80),
      row('project', B, at(1, 1), 60),
      row('project', C, at(1, 1), 40),
      row('project', D, at(1, 1), 70),
      // day 2: C 90, A and B tie at 55, D has no row
      row('project', A, at(2, 0), 55),
      row('project', B, at(2, 0), 55),
      row('project', C, at(2, 0), 90),
      row('sector', s[0]!, at(0, 6), 30),
      row('sector', s[1]!, at(0, 6), 40),
      row('sector', s[0]!, at(1, 1), 50),
      row('sector', s[1]!, at(1, 1), 40),
    ]);
    // Written outside a recompute: the ranked days are rebuilt from it (a recompute refreshes its own day).
    await rebuildDailyRanks(t.db);
    const u = await signUpAgent(t.app, 'trend-premium@example.com');
    await creditPoints(t.db, { userId: u.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    premium = u.agent;
    free = (await signUpAgent(t.app, 'trend-free@example.com')).agent;
  });
  afterAll(() => t.close());

  test('a project: its last heat of each day, its rank among all projects and within its sector', async () => {
    const res = await get(premium, `/api/projects/${p[0]}/trend?range=7d`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as TrendResponse;
    expect(body).toMatchObject({ entityType: 'project', id: p[0], range: '7d', sectorId: s[0] });
    expect(figures(body)).toEqual([
      { day: days[0], score: 50, rank: 3, total: 4, sectorRank: 2, sectorTotal: 3 },
      { day: days[1], score: 80, rank: 1, total: 4, sectorRank: 1, sectorTotal: 3 },
      { day: days[2], score: 55, rank: 2, total: 3, sectorRank: 2, sectorTotal: 3 },
    ]);
    const d = (await get(premium, `/api/projects/${p[3]}/trend?range=30d`)).json() as TrendResponse;
    expect(d.points.map((x) => [x.rank, x.sectorRank, x.sectorTotal])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
    ]);
    const c = (await get(premium, `/api/projects/${p[2]}/trend?range=90d`)).json() as TrendResponse;
    expect(c.points.map((x) => x.rank)).toEqual([4, 4, 1]);
  });

  test('a sector: its heat and rank among sectors per day; the id is matched in any case', async () => {
    const res = await get(premium, `/api/sectors/${s[0]!.toUpperCase()}/trend?range=7d`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TrendResponse;
    expect(body).toMatchObject({ entityType: 'sector', id: s[0], sectorId: null });
    expect(figures(body)).toEqual([
      { day: days[0], score: 30, rank: 2, total: 2, sectorRank: null, sectorTotal: null },
      { day: days[1], score: 50, rank: 1, total: 2, sectorRank: null, sectorTotal: null },
    ]);
  });

  test("each point's as-of is the time of the day's last history row", async () => {
    const body = (await get(premium, `/api/projects/${p[0]}/trend?range=7d`)).json() as TrendResponse;
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    expect(body.points.map((x) => x.asOf)).toEqual([
      new Date(today - 2 * DAY_MS + 6 * HOUR_MS).toISOString(),
      new Date(today - DAY_MS + 2 * HOUR_MS).toISOString(),
      new Date(today).toISOString(),
    ]);
  });

  test("a recompute's run becomes its day's heat and the day is re-ranked; other days are left as they were", async () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const run = new Date(today + HOUR_MS);
    const [A, B, C] = p as [string, string, string];
    await t.db.insert(heatHistory).values(
      [
        [A, 95],
        [B, 20],
        [C, 30],
      ].map(([id, score]) => ({
        entityType: 'project' as const,
        entityId: id as string,
        computedAt: run,
        score: score as number,
        model: 'heat-v1',
      })),
    );
    await refreshDailyRanks(t.db, run);
    const a = (await get(premium, `/api/projects/${A}/trend?range=7d`)).json() as TrendResponse;
    expect(figures(a).at(-1)).toEqual({ day: days[2], score: 95, rank: 1, total: 3, sectorRank: 1, sectorTotal: 3 });
    expect(a.points.at(-1)?.asOf).toBe(run.toISOString());
    expect(
      figures(a)
        .slice(0, 2)
        .map((x) => x.rank),
    ).toEqual([3, 1]);
    const c = (await get(premium, `/api/projects/${C}/trend?range=7d`)).json() as TrendResponse;
    expect(c.points.at(-1)).toMatchObject({ score: 30, rank: 2 });
    // An older run of the same day does not override a newer one.
    await refreshDailyRanks(t.db, new Date(today));
    expect(
      ((await get(premium, `/api/projects/${A}/trend?range=7d`)).json() as TrendResponse).points.at(-1)?.score,
    ).toBe(95);
  });

  test("today's ranks follow a run at most hourly; a new day's first refresh finishes the day before with its last run", async () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const [A, B] = p as [string, string];
    const run = async (at: Date, scores: [string, number][]) => {
      await t.db.insert(heatHistory).values(
        scores.map(([id, score]) => ({
          entityType: 'project' as const,
          entityId: id,
          computedAt: at,
          score,
          model: 'heat-v1',
        })),
      );
      await refreshDailyRanks(t.db, at);
    };
    const last = async (id: string) =>
      ((await get(premium, `/api/projects/${id}/trend?range=7d`)).json() as TrendResponse).points.find(
        (x) => x.day === days[2],
      );
    // Ranked at +1 h (the test above): a run 30 min later is not applied yet…
    await run(new Date(today + HOUR_MS + 30 * 60_000), [[A, 10]]);
    expect(await last(A)).toMatchObject({ score: 95, rank: 1 });
    // …one an hour later is, and the projects it did not score keep their day's heat.
    await run(new Date(today + 2 * HOUR_MS + 5 * 60_000), [[A, 10]]);
    expect(await last(A)).toMatchObject({ score: 10, rank: 3, total: 3 });
    // The day's last run (23:00) lands when the next day is first ranked, even within the hour.
    await t.db.insert(heatHistory).values({
      entityType: 'project',
      entityId: B,
      computedAt: new Date(today + 23 * HOUR_MS),
      score: 99,
      model: 'heat-v1',
    });
    expect(await last(B)).toMatchObject({ score: 20 });
    await run(new Date(today + DAY_MS + 10 * 60_000), [[A, 50]]);
    expect(await last(B)).toMatchObject({ score: 99, rank: 1, asOf: new Date(today + 23 * HOUR_MS).toISOString() });
    await t.db
      .delete(heatDailyRanks)
      .where(eq(heatDailyRanks.day, new Date(today + DAY_MS).toISOString().slice(0, 10)));
  });

  test('the range defaults to 30d; a project without history has no points', async () => {
    const [other] = await t.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).offset(10).limit(1);
    const body = (await get(premium, `/api/projects/${other!.id}/trend?x=1`)).json() as TrendResponse;
    expect(body.range).toBe('30d');
    expect(body.points).toEqual([]);
  });

  test('visitor 401 SIGN_IN_REQUIRED, free 403 FEATURE_LOCKED naming premium, on both routes', async () => {
    for (const url of [`/api/projects/${p[0]}/trend?range=7d`, `/api/sectors/${s[0]}/trend?range=7d`]) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('SIGN_IN_REQUIRED');
      const locked = await get(free, url);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error).toMatchObject({
        code: 'FEATURE_LOCKED',
        details: { feature: 'trend_analysis', requiredLevel: 'premium' },
      });
    }
  });

  test('unknown ids are 404 with the error shape; a bad range is 400', async () => {
    const project = await get(premium, '/api/projects/no-such-project/trend?range=7d');
    expect(project.statusCode).toBe(404);
    expect(project.json().error).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const sector = await get(premium, '/api/sectors/no-such-sector/trend?range=7d');
    expect(sector.statusCode).toBe(404);
    expect(sector.json().error).toMatchObject({ code: 'SECTOR_NOT_FOUND' });
    expect((await get(premium, `/api/projects/${p[0]}/trend?range=-7d`)).statusCode).toBe(400);
    // Longer than the router's parameter limit: no route matches, still the error shape.
    const long = await get(premium, `/api/projects/${'x'.repeat(300)}/trend?range=7d`);
    expect(long.statusCode).toBe(404);
    expect(long.json().error.code).toEqual(expect.any(String));
    expect((await get(premium, `/api/sectors/${s[0]}/trend?range=1000000d`)).json().error.code).toBe(
      'VALIDATION_FAILED',
    );
  });
});
