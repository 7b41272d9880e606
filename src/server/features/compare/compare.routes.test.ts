import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CompareResponse } from '../../../shared/api/compare.schema.ts';
import { projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';
import { creditPoints } from '../points/points.service.ts';

describe('GET /api/compare (premium comparative analysis)', () => {
  let t: TestApp;
  let premium: Agent;
  let free: Agent;
  let ids: string[];
  const compare = (agent: Agent, query: string, lang = 'en') =>
    agent.request({ method: 'GET', url: `/api/compare?${query}&lang=${lang}` });

  beforeAll(async () => {
    t = await buildTestApp();
    await recomputeHeat(t.db, { now: new Date(Date.now() - 3_600_000) });
    await recomputeHeat(t.db, { now: new Date() });
    ids = (await t.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(6)).map((r) => r.id);
    const p = await signUpAgent(t.app, 'compare-premium@example.com');
    await creditPoints(t.db, { userId: p.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    premium = p.agent;
    free = (await signUpAgent(t.app, 'compare-free@example.com')).agent;
  });
  afterAll(() => t.close());

  test('premium: each project side by side, in the order asked, with the heat and history endpoints’ bodies', async () => {
    const asked = [ids[2], ids[0], ids[1]] as string[];
    const res = await compare(premium, `ids=${asked.join(',')}&range=7d`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as CompareResponse;
    expect(body.range).toBe('7d');
    expect(body.items.map((i) => i.project.id)).toEqual(asked);
    for (const item of body.items) {
      const heat = await t.app.inject({ method: 'GET', url: `/api/projects/${item.project.id}/heat` });
      const history = await t.app.inject({ method: 'GET', url: `/api/projects/${item.project.id}/history?range=7d` });
      const detail = (await t.app.inject({ method: 'GET', url: `/api/projects/${item.project.id}` })).json();
      expect(item.heat).toEqual(heat.json());
      expect(item.history).toEqual(history.json());
      expect(item.project).toMatchObject({
        heatScore: detail.heatScore,
        status: detail.status,
        evidenceCount: detail.evidenceCount,
        marketCap: detail.marketCap,
        price: detail.price,
        followersTwitter: detail.followersTwitter,
      });
      expect(item.metricSources).toEqual(detail.metricSources);
    }
  });

  test('the range defaults to 30d; five projects are allowed', async () => {
    const res = await compare(premium, `ids=${ids.slice(0, 5).join(',')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompareResponse;
    expect(body.range).toBe('30d');
    expect(body.items).toHaveLength(5);
    expect(body.items[0]?.history.range).toBe('30d');
  });

  test('a visitor is asked to sign in (401), a free user is told the tier (403), in the request’s language', async () => {
    const query = `ids=${ids[0]},${ids[1]}`;
    const visitor = await t.app.inject({ method: 'GET', url: `/api/compare?${query}&lang=en` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('SIGN_IN_REQUIRED');
    const locked = await compare(free, query);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({
      code: 'FEATURE_LOCKED',
      details: { feature: 'comparative_analysis', requiredLevel: 'premium' },
    });
    const zh = await compare(free, query, 'zh');
    expect(zh.json().error.message).not.toBe(locked.json().error.message);
    // Refused before the ids are looked at: even bad input is a 401/403 for them.
    expect((await compare(free, 'ids=x')).statusCode).toBe(403);
  });

  test.each([
    ['one id', () => `ids=${ids[0]}`],
    ['six ids', () => `ids=${ids.join(',')}`],
    ['a duplicate', () => `ids=${ids[0]},${ids[0]}`],
    ['an empty id', () => `ids=${ids[0]},,${ids[1]}`],
    ['no ids', () => 'range=7d'],
    ['an unknown range', () => `ids=${ids[0]},${ids[1]}&range=1y`],
    ['a huge list', () => `ids=${'a'.repeat(2000)},b`],
    ['ids given twice', () => `ids=${ids[0]}&ids=${ids[1]}`],
  ])('%s → 400 VALIDATION_FAILED', async (_name, query) => {
    const res = await compare(premium, query());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(typeof res.json().error.message).toBe('string');
  });

  test('the count rule reads in the request’s language', async () => {
    const zh = await compare(premium, `ids=${ids[0]}`, 'zh');
    expect(zh.json().error.message).toContain('请选择 2 至 5 个项目进行对比');
    const en = await compare(premium, `ids=${ids[0]}`, 'en');
    expect(en.json().error.message).toContain('Choose 2 to 5 projects to compare');
  });

  test('an unknown project → 404 PROJECT_NOT_FOUND naming it; a NUL byte → 400', async () => {
    const res = await compare(premium, `ids=${ids[0]},no-such-project`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      message: 'Project "no-such-project" not found',
    });
    const nul = await compare(premium, `ids=${ids[0]},a%00b`);
    expect(nul.statusCode).toBe(400);
  });
});
