import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { heatScore, sectorHeat } from '../../../shared/scoring/index.ts';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { heatHistory, projectScores, projects, sectors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { toHeatSignals } from './heat.mappers.ts';
import { selectProjectInputs, selectRunScores } from './heat.queries.ts';
import { recomputeHeat } from './recompute.service.ts';

const T0 = new Date('2026-11-01T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR_MS);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertSector(t.db, { id: 'empty', name: 'Empty' });
  // Three DeFi projects with different signal sets; one with none at all (gamma) and one with a single signal
  // (delta): both are below the minimum evidence rule, so not scored.
  await insertProject(t.db, {
    id: 'alpha',
    category: 'DeFi',
    followersTwitter: 1_000_000,
    followersTelegram: 10_000,
    marketCap: 1e9,
    priceChange24h: 10,
    listedAt: new Date(T0.getTime() - 200 * 24 * HOUR_MS),
    isVerified: true,
  });
  await insertProject(t.db, { id: 'beta', category: 'DeFi', marketCap: 5e7, volume24h: 5e6, devStars: 300 });
  await insertProject(t.db, { id: 'gamma', category: 'DeFi' });
  await insertProject(t.db, { id: 'delta', category: 'NoSuchSector', followersTwitter: 500 });
});
afterAll(() => t.close());

const projectRow = async (id: string) =>
  (await t.db.select().from(projectScores).where(eq(projectScores.projectId, id)))[0];
const historyOf = (entityType: 'project' | 'sector', id: string) =>
  t.db
    .select()
    .from(heatHistory)
    .where(and(eq(heatHistory.entityType, entityType), eq(heatHistory.entityId, id)))
    .orderBy(heatHistory.computedAt);

describe('recomputeHeat', () => {
  test('scores every project with the pure model and writes one history row per project and sector', async () => {
    const result = await recomputeHeat(t.db, { now: at(0) });

    // History: alpha, beta and DeFi; gamma, delta (unscored) and Empty (no scored member) have no score to record.
    expect(result).toMatchObject({ projects: 4, projectsChanged: 4, sectors: 2, historyRows: 3, baselineAt: null });
    expect(result).toMatchObject({ scored: 2, unscored: 2 });
    const inputs = await selectProjectInputs(t.db, 'alpha');
    const expected = heatScore(toHeatSignals(inputs!, 'active'), at(0));
    const alpha = await projectRow('alpha');
    expect(alpha).toMatchObject({ heatScore: expected.score, status: 'active', model: 'heat-v2', category: 'DeFi' });
    expect(alpha?.computedAt?.toISOString()).toBe(at(0).toISOString());
    expect(alpha?.evidenceCount).toBe(4);
    const [row] = await historyOf('project', 'alpha');
    expect(row).toMatchObject({ score: expected.score, granularity: 'run', model: 'heat-v2' });
    // float4 contributions in PROJECT_HISTORY_KEYS order sum to the score
    expect(row?.contributions?.reduce((a, b) => a + b, 0)).toBeCloseTo(expected.score, 4);
  });

  test('two runs on the same data and time give identical scores and rewrite no project row', async () => {
    const before = await t.db.select().from(projectScores).orderBy(projectScores.projectId);

    const again = await recomputeHeat(t.db, { now: new Date(at(0).getTime() + 1) });

    const after = await t.db.select().from(projectScores).orderBy(projectScores.projectId);
    expect(after).toEqual(before); // computed_at included: nothing was rewritten
    expect(again.projectsChanged).toBe(0);
    // Change-only history: the sector's row only; the readers still see every scored project at this run.
    expect(again.historyRows).toBe(1);
    const byId = (rows: { entityId: string }[]) => [...rows].sort((a, b) => a.entityId.localeCompare(b.entityId));
    const carried = byId(await selectRunScores(t.db, 'project', new Date(at(0).getTime() + 1)));
    expect(carried).toEqual(byId(await selectRunScores(t.db, 'project', at(0))));
    expect(carried.map((r) => r.entityId)).toEqual(['alpha', 'beta']);
  });

  test('projects below the evidence rule are stored unscored: heat, signal heat and status NULL, no history', async () => {
    expect(await projectRow('gamma')).toMatchObject({
      heatScore: null,
      signalScore: null,
      status: null,
      evidenceCount: 0,
      contributions: null,
      model: 'heat-v2',
    });
    expect(await projectRow('delta')).toMatchObject({ heatScore: null, status: null, evidenceCount: 1 });
    expect(await historyOf('project', 'gamma')).toEqual([]);
    expect(await historyOf('project', 'delta')).toEqual([]);
  });

  test('no social input → social score null (never the base 50); a profile read → the formula', async () => {
    const alpha = await projectRow('alpha');
    const beta = await projectRow('beta'); // scored on market and development, no X profile, mentions or engagement
    const gamma = await projectRow('gamma');
    const [defi] = await t.db.select().from(sectors).where(eq(sectors.id, 'defi'));

    expect(alpha?.socialScore).toBe(75); // 50 + 20 (1M followers) + 5 (verified)
    expect(beta).toMatchObject({ socialScore: null, status: 'active' });
    expect(gamma?.socialScore).toBeNull();
    expect(defi?.socialScore).toBe(75); // the sector's social mean counts only alpha
  });

  test('a stale 50 written before the rule is replaced by null on the next run', async () => {
    await t.db.update(projectScores).set({ socialScore: 50 }).where(eq(projectScores.projectId, 'beta'));

    const result = await recomputeHeat(t.db, { now: new Date(at(0).getTime() + 2) });

    expect(result.projectsChanged).toBe(1);
    expect((await projectRow('beta'))?.socialScore).toBeNull();
  });

  // Was "over its members; an empty sector is the neutral 50": members are now the scored projects only, and a
  // sector without one has no heat (null) rather than a neutral 50 that would rank it.
  test('sector heat follows the spec formula over its scored members; none scored → no heat', async () => {
    const members = await t.db
      .select({ heatScore: projectScores.heatScore, socialScore: projectScores.socialScore })
      .from(projectScores)
      .where(and(eq(projectScores.category, 'DeFi'), isNotNull(projectScores.heatScore)));

    const [defi] = await t.db.select().from(sectors).where(eq(sectors.id, 'defi'));
    const [empty] = await t.db.select().from(sectors).where(eq(sectors.id, 'empty'));

    expect(members).toHaveLength(2); // alpha and beta; gamma has no data
    const expected = sectorHeat(members as { heatScore: number; socialScore: number | null }[]);
    expect(defi?.heatScore).toBeCloseTo(expected?.score as number, 9);
    expect(defi).toMatchObject({ projectCount: 3, scoredCount: 2, heatModel: 'sector-v1', change24h: null });
    expect(defi?.concentration).toBe(1); // two scored projects: the top 3 hold everything
    expect(defi?.topProjects.map((p) => p.id)).toEqual(['alpha', 'beta']); // gamma is never a leader
    expect(empty).toMatchObject({ heatScore: null, scoredCount: 0, projectCount: 0, concentration: null });
  });

  test('sector history splits project heat by category, and the split still sums to the sector score', async () => {
    const [row] = await historyOf('sector', 'defi');

    const contributions = row?.breakdown?.contributions ?? {};
    expect(Object.keys(contributions)).toEqual(expect.arrayContaining(['heat.social', 'heat.market', 'projectSocial']));
    expect(contributions.projectHeat).toBeUndefined();
    expect(Object.values(contributions).reduce((a, b) => a + b, 0)).toBeCloseTo(row?.score as number, 9);
  });

  test('24 h later: gains, derived status, sector change, trend and breadth come from the run 24 h back', async () => {
    await t.db.update(projects).set({ followersTwitter: 9_000_000, marketCap: 9e10 }).where(eq(projects.id, 'alpha'));
    await t.db.update(projects).set({ marketCap: 1e7 }).where(eq(projects.id, 'beta'));

    const result = await recomputeHeat(t.db, { now: at(24) });

    expect(result.baselineAt).toBe(at(0).toISOString()); // the newest run at least 24 h old
    const alpha = await projectRow('alpha');
    const beta = await projectRow('beta');
    // alpha gained the most (top decile of 4 → itself, and ≥ 2 points): trending, with its +15 bonus in the score
    expect(alpha?.status).toBe('trending');
    const withBonus = heatScore(toHeatSignals((await selectProjectInputs(t.db, 'alpha'))!, 'trending'), at(24));
    expect(alpha?.heatScore).toBeCloseTo(withBonus.score, 9);
    expect(beta?.status).toBe('active'); // it fell
    const [defi] = await t.db.select().from(sectors).where(eq(sectors.id, 'defi'));
    expect(defi?.change24h).toBeGreaterThan(1);
    expect(defi?.trend).toBe('up');
    expect(defi?.breadth).toBeCloseTo(1 / 2, 9); // alpha rose; beta fell; gamma (unscored) does not count
  });

  test('the gain behind the status excludes the bonus, so a trending project does not stay trending by itself', async () => {
    // No signal changes; the next day compares with the run at +24 h, whose signal score had no bonus either.
    await recomputeHeat(t.db, { now: at(48) });

    const alpha = await projectRow('alpha');
    const rows = await queryRows<{ signal_score: number }>(
      t.db,
      sql`SELECT signal_score FROM heat_history WHERE entity_id = 'alpha' ORDER BY computed_at DESC LIMIT 2`,
    );
    expect(rows[0]?.signal_score).toBeCloseTo(rows[1]?.signal_score ?? Number.NaN, 9);
    expect(alpha?.status).toBe('active');
  });

  test('a baseline older than 48 h is not used as "24 h ago"', async () => {
    const result = await recomputeHeat(t.db, { now: at(24 * 10) });

    expect(result.baselineAt).toBeNull();
    const [defi] = await t.db.select().from(sectors).where(eq(sectors.id, 'defi'));
    expect(defi?.change24h).toBeNull();
  });
});

describe('recomputeHeat: unscored projects never lift a sector', () => {
  test('5 scored + 10 no-data members: heat is the mean of the 5, no size bonus, top 3 and shares from scored only', async () => {
    const s = await buildTestApp({ catalogue: false });
    try {
      await insertSector(s.db, { id: 'socialfi', name: 'SocialFi' });
      for (let i = 0; i < 5; i++) {
        await insertProject(s.db, {
          id: `real-${i}`,
          category: 'SocialFi',
          marketCap: 1e7 * (i + 1),
          volume24h: 1e5 * (i + 1),
        });
      }
      for (let i = 0; i < 10; i++) await insertProject(s.db, { id: `empty-${i}`, category: 'SocialFi' });

      await recomputeHeat(s.db, { now: at(0) });

      const scored = await s.db
        .select({ id: projectScores.projectId, heatScore: projectScores.heatScore, social: projectScores.socialScore })
        .from(projectScores)
        .where(isNotNull(projectScores.heatScore));
      const [sector] = await s.db.select().from(sectors).where(eq(sectors.id, 'socialfi'));
      const expected = sectorHeat(scored.map((m) => ({ heatScore: m.heatScore as number, socialScore: m.social })));
      expect(scored).toHaveLength(5);
      // With the 10 unscored counted it would be 15 members (+5) and a mean pulled towards 50.
      expect(expected?.breakdown.find((e) => e.key === 'size')?.contribution).toBe(0);
      expect(sector?.heatScore).toBeCloseTo(expected?.score as number, 9);
      expect(sector).toMatchObject({ projectCount: 15, scoredCount: 5 });
      // No member has a social profile: no invented 50 in the social mean; the heat mean takes the whole weight.
      expect(scored.every((m) => m.social === null)).toBe(true);
      expect(sector?.socialScore).toBeNull();
      const meanHeat = scored.reduce((sum, m) => sum + (m.heatScore as number), 0) / scored.length;
      expect(sector?.heatScore).toBeCloseTo(meanHeat, 9);
      expect(sector?.topProjects.map((p) => p.id)).toEqual(['real-4', 'real-3', 'real-2']);
      const heats = scored.map((m) => m.heatScore as number).sort((a, b) => b - a);
      const total = heats.reduce((a, b) => a + b, 0);
      expect(sector?.concentration).toBeCloseTo((heats[0]! + heats[1]! + heats[2]!) / total, 9);
    } finally {
      await s.close();
    }
  });

  test('a project that gains its second signal becomes scored; one that loses it becomes unscored again', async () => {
    await t.db.update(projects).set({ marketCap: 2e8 }).where(eq(projects.id, 'delta')); // followers + market cap
    await t.db.update(projects).set({ volume24h: null, devStars: null }).where(eq(projects.id, 'beta'));

    await recomputeHeat(t.db, { now: at(24 * 20) });

    expect(await projectRow('delta')).toMatchObject({ evidenceCount: 2, status: 'active' });
    expect((await projectRow('delta'))?.heatScore).toBeTypeOf('number');
    expect(await projectRow('beta')).toMatchObject({ heatScore: null, status: null, evidenceCount: 1 });
  });
});
