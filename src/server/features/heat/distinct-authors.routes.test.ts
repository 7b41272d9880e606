import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProjectHeatResponseSchema } from '../../../shared/api/heat.schema.ts';
import { ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { projectScores, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { getProjectHeat } from './heat.service.ts';
import { recomputeHeat } from './recompute.service.ts';

// Against one author flooding a project's mentions, through the engine and the API: the stored score uses min(posts, 3 × distinct authors), and the
// project and heat responses carry both numbers with their source.
const AS_OF = new Date('2026-11-21T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  // What the Reddit job writes (reddit.service.test.ts covers the ingestion): posts and authors with their source.
  const reddit = { source: 'reddit', asOf: AS_OF.toISOString() };
  const metricSources = { redditMentions: reddit, redditAuthors: reddit };
  await insertProject(t.db, { id: 'burst', marketCap: 1e9, redditMentions: 100, redditAuthors: 2, metricSources });
  await insertProject(t.db, { id: 'crowd', marketCap: 1e9, redditMentions: 100, redditAuthors: 80, metricSources });
  await recomputeHeat(t.db, { now: AS_OF });
});
afterAll(() => t.close());

const heatOf = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/heat` });
  expect(res.statusCode).toBe(200);
  return ProjectHeatResponseSchema.parse(res.json());
};
const storedHeat = async (id: string) =>
  (await t.db.select().from(projectScores).where(eq(projectScores.projectId, id)))[0]?.heatScore ?? null;

describe('distinct authors through the engine', () => {
  test('100 posts by 2 authors score far below 100 posts by 80; the breakdown says why', async () => {
    const [burst, crowd] = [await heatOf('burst'), await heatOf('crowd')];
    const reddit = (body: typeof burst) => body.breakdown.find((e) => e.key === 'redditMentions');

    expect(reddit(burst)).toMatchObject({ raw: 100, authors: 2, effective: 6 });
    expect(reddit(crowd)).toMatchObject({ raw: 100, authors: 80, effective: 100 });
    expect(burst.previewReason).toBeNull(); // the stored score, reproduced
    expect(burst.sources.redditMentions).toEqual({ source: 'reddit', asOf: AS_OF.toISOString() });
    expect((await storedHeat('burst')) ?? 0).toBeLessThan(((await storedHeat('crowd')) ?? 0) - 5);
  });

  test('the project shows both numbers, each with its source and as-of', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/burst' });
    const project = ProjectSchema.parse(res.json());

    expect(project.news).toMatchObject({ redditMentions: 100, redditAuthors: 2 });
    expect(project.metricSources.redditAuthors).toEqual({ source: 'reddit', asOf: AS_OF.toISOString() });
  });

  test('a change of authors alone is a changed input: the next recompute rewrites the score', async () => {
    const before = await storedHeat('crowd');
    await t.db.update(projects).set({ redditAuthors: 2 }).where(eq(projects.id, 'crowd'));
    // (The service, not the route: the route's answer is cached until the next recompute's invalidation.)
    expect((await getProjectHeat(t.db, 'crowd', new Date())).previewReason).toBe('inputs-changed');

    await recomputeHeat(t.db, { now: new Date(AS_OF.getTime() + 60_000) });

    expect(await storedHeat('crowd')).toBeCloseTo((await storedHeat('burst')) ?? Number.NaN, 9);
    expect(await storedHeat('crowd')).toBeLessThan(before ?? 0);
  });
});
