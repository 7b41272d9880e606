import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { projectScores, projects, sectorAggregateMarks, sectors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { recomputeHeat } from './recompute.service.ts';

// A heat run recounts the sectors' membership facts (count, market cap total and its provenance) only when a projects
// statement may have moved them since its last recount (migration 0057's marks); otherwise it refreshes the top 3,
// which follow the scores. What a reader sees must be what a recount at every run gave.

describe('sector facts after a heat run', () => {
  let t: TestApp;
  let now = Date.UTC(2026, 10, 3, 12, 0);
  const run = () => {
    now += 5 * 60_000;
    return recomputeHeat(t.db, { now: new Date(now) });
  };
  const sectorOf = async (name: string) => (await t.db.select().from(sectors).where(eq(sectors.name, name)))[0];
  const marks = async () => (await t.db.select().from(sectorAggregateMarks)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    now = Date.now() - HOUR_MS;
    await run();
  });
  afterAll(() => t.close());

  test('a market cap marked stale by a failing source (no heat input changed) shows in its sector at the next run', async () => {
    const [p] = await t.db
      .select({ id: projects.id, category: projects.category })
      .from(projects)
      .where(isNotNull(projects.marketCap))
      .limit(1);
    expect((await sectorOf(p!.category))?.marketSource?.stale).toBeUndefined();
    await t.db.execute(
      sql`UPDATE projects SET metric_sources = jsonb_set(metric_sources, '{marketCap,stale}', 'true') WHERE id = ${p!.id}`,
    );
    expect(await marks()).toBeGreaterThan(0);
    const result = await run();
    expect(result.projectsRescored).toBe(0);
    expect((await sectorOf(p!.category))?.marketSource?.stale).toBe(true);
    expect(await marks()).toBe(0);
  });

  test('a run after no marked statement still moves the top 3 with the scores, and a renamed leader shows its name', async () => {
    const [leader] = await t.db
      .select({ id: projectScores.projectId, category: projectScores.category })
      .from(projectScores)
      .where(isNotNull(projectScores.heatScore))
      .orderBy(desc(projectScores.heatScore))
      .limit(1);
    const sector = leader!.category;
    const before = (await sectorOf(sector))?.topProjects ?? [];
    expect(before[0]?.id).toBe(leader!.id);
    // The leader loses its social, volume and developer signals (heat inputs only: no mark) and falls.
    await t.db.execute(
      sql`UPDATE projects SET followers_twitter = NULL, mentions_7d = NULL, engagement_avg = NULL,
            followers_telegram = NULL, followers_discord = NULL, volume_24h = NULL, price_change_24h = NULL,
            price_change_7d = NULL, dev_commits = NULL, dev_stars = NULL, dev_forks = NULL, dev_contributors = NULL,
            dev_code_frequency = NULL, news_mentions = NULL, google_trends = NULL, reddit_mentions = NULL,
            reddit_authors = NULL
          WHERE id = ${leader!.id}`,
    );
    expect(await marks()).toBe(0);
    await run();
    const top = (await sectorOf(sector))?.topProjects ?? [];
    expect(top[0]?.id).not.toBe(leader!.id);
    // Recounted from scratch, the top 3 read the same.
    const [recounted] = await queryRows<{ top: { id: string }[] }>(
      t.db,
      sql`SELECT coalesce(jsonb_agg(s.project_id ORDER BY s.heat_score DESC, s.project_id), '[]') AS top FROM (
            SELECT project_id, heat_score FROM project_scores WHERE category = ${sector} AND heat_score IS NOT NULL
            ORDER BY heat_score DESC, project_id LIMIT 3) AS s`,
    );
    expect(top.map((x) => x.id)).toEqual(recounted?.top);

    const newLeader = top[0]?.id as string;
    await t.db.update(projects).set({ name: 'Renamed Leader' }).where(eq(projects.id, newLeader));
    await run();
    expect((await sectorOf(sector))?.topProjects[0]).toMatchObject({ id: newLeader, name: 'Renamed Leader' });
  });
});
