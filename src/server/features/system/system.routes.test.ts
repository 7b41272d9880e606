import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HealthResponseSchema, StatsResponseSchema } from '../../../shared/api/system.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('health reports the database kind, migration and project count', async () => {
    await insertProject(t.db, { heatScore: 60 });

    const res = await t.app.inject({ url: '/api/health' });

    expect(res.statusCode).toBe(200);
    const health = HealthResponseSchema.parse(res.json());
    expect(health).toMatchObject({ status: 'ok', database: t.handle.kind, projectCount: 1 });
    expect(health.migration).toMatch(/^\d{4}_/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('stats are computed from our tables and null where there is nothing to say', async () => {
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertProject(t.db, { heatScore: 80, status: 'trending' });
    await refreshSectorAggregates(t.db);
    t.cache.invalidate();

    const res = await t.app.inject({ url: '/api/stats' });

    const stats = StatsResponseSchema.parse(res.json());
    expect(stats).toMatchObject({
      totalProjects: 2,
      activeSectors: 1,
      trendingToday: 1,
      totalUsers: 0,
      dailyActive: null,
      weeklyGrowth: null,
      monthlyGrowth: null,
      heatIndex: 70,
    });
  });

  test('user growth is a percentage of the users that existed before the window', async () => {
    await t.db.execute(sql`INSERT INTO users (email, created_at) VALUES
      ('old1@example.com', now() - interval '40 days'), ('old2@example.com', now() - interval '10 days'),
      ('new@example.com', now())`);
    t.cache.invalidate();

    const stats = StatsResponseSchema.parse((await t.app.inject({ url: '/api/stats' })).json());

    expect(stats).toMatchObject({ totalUsers: 3, weeklyGrowth: 50, monthlyGrowth: 200, dailyActive: 0 });
  });

  test('the OpenAPI document lists every read route', async () => {
    const res = await t.app.inject({ url: '/api/docs' });

    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/stats',
        '/api/projects',
        '/api/projects/{id}',
        '/api/sectors',
        '/api/sectors/{id}',
        '/api/platforms',
        '/api/platforms/{id}',
      ]),
    );
    // A strict client calls the slash-less form the README and web app use; a trailing slash would be "not found" to it.
    expect(Object.keys(doc.paths).filter((path) => path.endsWith('/'))).toEqual([]);
  });

  test('unknown API paths are JSON 404s, never the web app', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: '页面未找到' } });
  });

  test('security headers are set', async () => {
    const res = await t.app.inject({ url: '/api/ping' });

    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('health when the database is unreachable', () => {
  test('answers 503 with status unavailable', async () => {
    const t = await buildTestApp({ catalogue: false });
    await t.handle.close();

    const res = await t.app.inject({ url: '/api/health' });

    expect(res.statusCode).toBe(503);
    expect(HealthResponseSchema.parse(res.json())).toMatchObject({ status: 'unavailable', projectCount: null });
    await t.app.close();
  });
});
