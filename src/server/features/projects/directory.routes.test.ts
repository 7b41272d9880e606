import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../../shared/api/common.schema.ts';
import { ProjectDirectoryResponseSchema } from '../../../shared/api/projects.schema.ts';
import { heatDailyRanks } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { sparklineDays } from './projects.service.ts';

// The directory's investor columns: each row's 7-day heat sparkline and the 20/50/100 page size.
describe('GET /api/projects: sparkline and page size', () => {
  let t: TestApp;
  const days = sparklineDays(new Date());
  const rank = (entityId: string, day: string, score: number) => ({
    entityType: 'project' as const,
    entityId,
    day,
    computedAt: new Date(`${day}T12:00:00Z`),
    score,
    rank: 1,
    total: 3,
  });

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap', heatScore: 81 });
    await insertProject(t.db, { id: 'aave', name: 'Aave', heatScore: 70 });
    await insertProject(t.db, { id: 'newcomer', name: 'Newcomer', heatScore: 60 });
    for (let i = 0; i < 60; i += 1) {
      await insertProject(t.db, { id: `filler-${String(i).padStart(2, '0')}`, name: `Filler ${i}`, heatScore: 10 });
    }
    const [d0, d1, , d3, , d5, d6] = days as [string, string, string, string, string, string, string];
    const eightDaysAgo = new Date(Date.parse(`${d0}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await t.db.insert(heatDailyRanks).values([
      rank('uniswap', eightDaysAgo, 99), // before the window: not in the line
      rank('uniswap', d0, 70),
      rank('uniswap', d1, 72.5),
      rank('uniswap', d3, 75),
      rank('uniswap', d5, 0), // a real zero stays a zero
      rank('uniswap', d6, 81),
      rank('aave', d6, 70),
    ]);
  });
  afterAll(() => t.close());

  test('each listed project carries its last 7 days of heat, missing days as null (gaps, not zeros)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects?limit=3' });

    expect(res.statusCode).toBe(200);
    const body = ProjectDirectoryResponseSchema.parse(res.json());
    expect(body.heat7d.days).toEqual(days);
    expect(body.heat7d.scores.uniswap).toEqual([70, 72.5, null, 75, null, 0, 81]);
    expect(body.heat7d.scores.aave).toEqual([null, null, null, null, null, null, 70]);
    // No history at all: every day null, never a flat line of zeros.
    expect(body.heat7d.scores.newcomer).toEqual([null, null, null, null, null, null, null]);
    expect(Object.keys(body.heat7d.scores).sort()).toEqual(body.items.map((item) => item.id).sort());
  });

  test.each([20, 50, 100])('pageSize=%i sets the page size', async (size) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects?pageSize=${size}&limit=3` });

    expect(res.statusCode).toBe(200);
    const body = ProjectDirectoryResponseSchema.parse(res.json());
    expect(body.limit).toBe(size);
    expect(body.items).toHaveLength(Math.min(size, 63));
    expect(Object.keys(body.heat7d.scores)).toHaveLength(body.items.length);
  });

  test.each(['7', '101', 'abc', '', '20.0', '-20', '%00'])('pageSize=%s is a 400 in the error shape', async (size) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects?pageSize=${size}` });

    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST|INVALID_CHARACTERS/);
  });

  test('the second page of 50 continues where the first ended', async () => {
    const first = ProjectDirectoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/projects?pageSize=50' })).json(),
    );
    const second = ProjectDirectoryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/projects?pageSize=50&offset=50' })).json(),
    );

    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(13);
    expect(second.total).toBe(63);
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(63);
  });
});
