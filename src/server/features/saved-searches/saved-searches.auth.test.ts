import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { savedSearches } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { createSaved, signUpWithPoints } from './saved-searches.test-support.ts';

describe('/api/saved-searches: who may call it, and whose rows it reaches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a visitor gets 401 SIGN_IN_REQUIRED and a free user 403 FEATURE_LOCKED naming premium, on every route', async () => {
    const { agent: free } = await signUpAgent(t.app, 'ss-free@example.com');
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['GET', `/api/saved-searches/${id}`],
      ['PATCH', `/api/saved-searches/${id}`],
      ['DELETE', `/api/saved-searches/${id}`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', query: { q: 'a' } };
      const visitor = await t.app.inject({ method: method as 'GET', url, payload });
      expect([method, url, visitor.statusCode, visitor.json().error.code]).toEqual([
        method,
        url,
        401,
        'SIGN_IN_REQUIRED',
      ]);
      const locked = await free.request({ method: method as 'GET', url: `${url}?lang=en`, payload });
      expect([url, locked.statusCode, locked.json().error]).toEqual([
        url,
        403,
        {
          code: 'FEATURE_LOCKED',
          message: 'Upgrade to Premium or VIP to unlock this feature',
          details: { feature: 'saved_searches', requiredLevel: 'premium' },
        },
      ]);
    }
  });

  test("every route answers 404 SAVED_SEARCH_NOT_FOUND for another user's saved search, and nothing of it changes", async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'ss-owner@example.com');
    const other = await signUpWithPoints(t.app, t.db, 'ss-other@example.com');
    const { id } = (await createSaved(owner.agent, { name: 'Mine', query: { q: 'uni', category: 'DeFi' } })).json();
    const before = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    const attempts: [string, object | undefined][] = [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['PATCH', { query: { q: 'x' } }],
      ['PATCH', { alertEnabled: true, alertHeatThreshold: 10 }],
      ['DELETE', undefined],
    ];
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const target of [id, missing]) {
      for (const [method, payload] of attempts) {
        const response = await other.agent.request({
          method: method as 'GET',
          url: `/api/saved-searches/${target}?lang=en`,
          payload,
        });
        expect([method, target === id, response.statusCode, response.json().error]).toEqual([
          method,
          target === id,
          404,
          { code: 'SAVED_SEARCH_NOT_FOUND', message: 'Saved search not found' },
        ]);
      }
    }
    // Their list does not show it; the owner's row is as it was.
    const theirs = (await other.agent.request({ method: 'GET', url: '/api/saved-searches' })).json();
    expect(theirs.items).toEqual([]);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, id))).toEqual(before);
    // A malformed id is a 400, never a 500.
    const malformed = await other.agent.request({ method: 'GET', url: '/api/saved-searches/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
  });
});
