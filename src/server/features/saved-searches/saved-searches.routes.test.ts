import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SAVED_SEARCHES_PER_USER, type SavedSearch } from '../../../shared/api/saved-searches.schema.ts';
import { savedSearches, savedSearchResults } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createSaved, insertProjects, patchSaved, signUpWithPoints } from './saved-searches.test-support.ts';

describe('/api/saved-searches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [{ id: 'alpha', heat: 80 }]);
  });
  afterAll(() => t.close());

  test('create, list, read, rename, change and delete; the stored query drops the page and the language', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-crud@example.com');
    const created = await createSaved(agent, {
      name: ' DeFi movers ',
      query: { q: 'swap', category: 'DeFi', heatMin: 50, verified: true, limit: 20, offset: 40, page: 3, lang: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json() as SavedSearch;
    expect(saved).toMatchObject({
      name: 'DeFi movers',
      query: { q: 'swap', category: 'DeFi', heatMin: '50', verified: 'true' },
      alertEnabled: false,
      alertHeatThreshold: null,
      lastNotifiedAt: null,
    });
    expect(Object.keys(saved.query).sort()).toEqual(['category', 'heatMin', 'q', 'verified']);

    const list = (await agent.request({ method: 'GET', url: '/api/saved-searches' })).json();
    expect(list).toEqual({ items: [saved], limit: SAVED_SEARCHES_PER_USER });
    const one = await agent.request({ method: 'GET', url: `/api/saved-searches/${saved.id}` });
    expect(one.json()).toEqual(saved);

    const renamed = await patchSaved(agent, saved.id, { name: 'Renamed', query: { q: 'lend', sort: 'heat' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', query: { q: 'lend', sort: 'heat' } });

    const gone = await agent.request({ method: 'DELETE', url: `/api/saved-searches/${saved.id}` });
    expect(gone.statusCode).toBe(204);
    const again = await agent.request({ method: 'GET', url: `/api/saved-searches/${saved.id}?lang=en` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND', message: 'Saved search not found' });
  });

  test('a query /api/search would refuse is a 400 naming the field, in the request language; nothing is stored', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'ss-invalid@example.com');
    const bad: [object, string][] = [
      [{ heatMin: 'hot' }, 'query.heatMin'],
      [{ heatMin: 80, heatMax: 20 }, 'query.heatMin'],
      [{ listedSince: '2024-02-30' }, 'query.listedSince'],
      [{ sort: 'random' }, 'query.sort'],
      [{}, 'query.q'],
      [{ limit: 20 }, 'query.q'],
      [{ q: 'x'.repeat(201) }, 'query.q'],
    ];
    for (const [query, field] of bad) {
      const response = await createSaved(agent, { name: 'Bad', query });
      expect([JSON.stringify(query), response.statusCode, response.json().error.code]).toEqual([
        JSON.stringify(query),
        400,
        'VALIDATION_FAILED',
      ]);
      expect(response.json().error.message).toContain(field);
    }
    const zh = await agent.request({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { 'accept-language': 'zh-CN' },
      payload: { name: 'Bad', query: { heatMin: 'hot' } },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().error.message).toMatch(/^请求参数无效：query.heatMin/);
    const { id } = (await createSaved(agent, { name: 'Good', query: { q: 'a' } })).json();
    expect((await patchSaved(agent, id, { query: { heatMax: -1e16 } })).statusCode).toBe(400);
    expect((await patchSaved(agent, id, { alertHeatThreshold: 101 })).statusCode).toBe(400);
    expect((await patchSaved(agent, id, { extra: 1 })).statusCode).toBe(400);
    const rows = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    expect(rows.map((r) => r.query)).toEqual([{ q: 'a' }]);
  });

  test('bad bodies are a 4xx in the error shape, never a 500', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-fuzz@example.com');
    const { id } = (await createSaved(agent, { name: 'Base', query: { q: 'a' } })).json();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { name: '   ', query: { q: 'a' } },
      { name: 'x'.repeat(61), query: { q: 'a' } },
      { name: 'A', query: [] },
      { name: 'A', query: { q: { nested: true } } },
      { name: 'A', query: { heatMin: '1e309' } },
      { name: 'A', query: { marketCapMin: '18446744073709551616' } },
      { name: 'A', query: { ['k'.repeat(41)]: 'v' } },
      { name: 'A', query: { q: 'x'.repeat(501) } },
      { name: 'A', query: { q: 'a' }, alertHeatThreshold: -1 },
      { name: 'A', query: { q: 'a' }, alertEnabled: 'yes' },
      { name: 'A', query: { q: 'a\u0000b' } },
    ];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/api/saved-searches'],
        ['PATCH', `/api/saved-searches/${id}`],
      ] as const) {
        const response = await agent.request({ method, url, payload: body as object });
        const refused = response.statusCode >= 400 ? typeof response.json().error?.code : 'accepted';
        expect([method, JSON.stringify(body), response.statusCode < 500, refused]).toEqual([
          method,
          JSON.stringify(body),
          true,
          response.statusCode >= 400 ? 'string' : 'accepted',
        ]);
      }
    }
  });

  test('a taken name is 409 SAVED_SEARCH_NAME_TAKEN on create and on rename', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-names@example.com');
    await createSaved(agent, { name: 'One', query: { q: 'a' } });
    const { id } = (await createSaved(agent, { name: 'Two', query: { q: 'b' } })).json();
    const taken = await createSaved(agent, { name: 'One', query: { q: 'c' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'SAVED_SEARCH_NAME_TAKEN',
      message: 'You already have a saved search with this name',
    });
    const rename = await patchSaved(agent, id, { name: 'One' });
    expect([rename.statusCode, rename.json().error.code]).toEqual([409, 'SAVED_SEARCH_NAME_TAKEN']);
    // Another user may use the same name.
    const other = await signUpWithPoints(t.app, t.db, 'ss-names-2@example.com');
    expect((await createSaved(other.agent, { name: 'One', query: { q: 'a' } })).statusCode).toBe(201);
  });

  test(`a saved search over the cap of ${SAVED_SEARCHES_PER_USER} is 409 SAVED_SEARCH_LIMIT_REACHED`, async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'ss-cap@example.com');
    await t.db
      .insert(savedSearches)
      .values(
        Array.from({ length: SAVED_SEARCHES_PER_USER }, (_, i) => ({ userId, name: `S${i}`, query: { q: 'a' } })),
      );
    const refused = await createSaved(agent, { name: 'One more', query: { q: 'a' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SAVED_SEARCH_LIMIT_REACHED',
      message: `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches`,
    });
  });

  test('alerts take a slot of the concurrent-alerts quota (premium 5): the 6th is 429; usage counts them', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-alerts@example.com');
    for (let i = 0; i < 5; i++) {
      const r = await createSaved(agent, { name: `A${i}`, query: { q: 'a' }, alertEnabled: true });
      expect(r.statusCode).toBe(201);
    }
    const sixth = await createSaved(agent, { name: 'A5', query: { q: 'a' }, alertEnabled: true });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'ALERT_LIMIT_REACHED', details: { limit: 5 } });
    const plain = await createSaved(agent, { name: 'Plain', query: { q: 'a' } });
    expect(plain.statusCode).toBe(201);
    const enable = await patchSaved(agent, plain.json().id, { alertEnabled: true });
    expect(enable.statusCode).toBe(429);
    const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas.find((q: { quota: string }) => q.quota === 'concurrentAlerts')).toMatchObject({
      used: 5,
      limit: 5,
    });
    // Switching one off frees its slot.
    const list = (await agent.request({ method: 'GET', url: '/api/saved-searches' })).json().items as SavedSearch[];
    const first = list.find((s) => s.name === 'A0')!;
    expect((await patchSaved(agent, first.id, { alertEnabled: false })).statusCode).toBe(200);
    expect((await patchSaved(agent, plain.json().id, { alertEnabled: true })).statusCode).toBe(200);
  });

  test('enabling the alert or changing its query or threshold drops the baseline; a rename keeps it', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'ss-reset@example.com');
    const { id } = (await createSaved(agent, { name: 'R', query: { q: 'a' }, alertEnabled: true })).json();
    const seed = async () => {
      await t.db.delete(savedSearchResults).where(eq(savedSearchResults.savedSearchId, id));
      await t.db.insert(savedSearchResults).values({ savedSearchId: id, projectId: 'alpha' });
      await t.db.update(savedSearches).set({ evaluatedAt: new Date() }).where(eq(savedSearches.id, id));
    };
    const state = async () => {
      const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id));
      const results = await t.db.select().from(savedSearchResults).where(eq(savedSearchResults.savedSearchId, id));
      return { evaluated: row!.evaluatedAt !== null, results: results.length };
    };
    const kept = { evaluated: true, results: 1 };
    const reset = { evaluated: false, results: 0 };
    const cases: [object, typeof kept][] = [
      [{ name: 'R2' }, kept],
      [{ query: { q: 'a' } }, kept],
      [{ query: { q: 'b' } }, reset],
      [{ alertHeatThreshold: 70 }, reset],
      [{ alertHeatThreshold: 70 }, kept],
      [{ alertEnabled: true }, kept],
      [{ alertEnabled: false }, kept],
    ];
    for (const [patch, expected] of cases) {
      await seed();
      expect((await patchSaved(agent, id, patch)).statusCode).toBe(200);
      expect([patch, await state()]).toEqual([patch, expected]);
    }
    // Off, then on again: a fresh baseline.
    await seed();
    expect((await patchSaved(agent, id, { alertEnabled: true })).statusCode).toBe(200);
    expect(await state()).toEqual(reset);
  });
});
