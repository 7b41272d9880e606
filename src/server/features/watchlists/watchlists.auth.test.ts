import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WatchlistDetail } from '../../../shared/api/watchlists.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { insertProjects, signUpPremium } from './watchlists.test-support.ts';

describe('/api/watchlists: who may call it, and what it refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [
      { id: 'alpha', price: 2, change: 25, heat: 80 },
      { id: 'beta', price: 10, change: null, heat: 40 },
      { id: 'gamma', price: null, heat: null },
    ]);
  });
  afterAll(() => t.close());

  const create = (agent: Agent, name: string) =>
    agent.request({ method: 'POST', url: '/api/watchlists', payload: { name } });
  const add = (agent: Agent, id: string, payload: object) =>
    agent.request({ method: 'POST', url: `/api/watchlists/${id}/items`, payload });

  test('a visitor gets 401 SIGN_IN_REQUIRED and a free user 403 FEATURE_LOCKED naming premium, on every route', async () => {
    const { agent: free } = await signUpAgent(t.app, 'wl-free@example.com');
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/watchlists'],
      ['POST', '/api/watchlists'],
      ['GET', `/api/watchlists/${id}`],
      ['PATCH', `/api/watchlists/${id}`],
      ['DELETE', `/api/watchlists/${id}`],
      ['GET', `/api/watchlists/${id}/history`],
      ['POST', `/api/watchlists/${id}/items`],
      ['PATCH', `/api/watchlists/${id}/items/alpha`],
      ['DELETE', `/api/watchlists/${id}/items/alpha`],
      ['GET', '/api/me/watching?projectId=alpha'],
      ['GET', '/api/me/watched-projects'],
    ];
    for (const [method, url] of routes) {
      const visitor = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect([method, url, visitor.statusCode, visitor.json().error.code]).toEqual([
        method,
        url,
        401,
        'SIGN_IN_REQUIRED',
      ]);
      const locked = await free.request({
        method: method as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
        payload: method === 'GET' ? undefined : {},
      });
      expect([url, locked.statusCode, locked.json().error]).toEqual([
        url,
        403,
        {
          code: 'FEATURE_LOCKED',
          message: 'Upgrade to Premium or VIP to unlock this feature',
          details: { feature: 'portfolio_tracking', requiredLevel: 'premium' },
        },
      ]);
    }
  });

  test("every route answers 404 for another user's list, and nothing of it changes", async () => {
    const owner = await signUpPremium(t.app, t.db, 'wl-owner@example.com');
    const other = await signUpPremium(t.app, t.db, 'wl-other@example.com');
    const { id } = (await create(owner.agent, 'Mine')).json();
    await add(owner.agent, id, { projectId: 'alpha', amount: 1 });
    const attempts: [string, string, object | undefined][] = [
      ['GET', `/api/watchlists/${id}`, undefined],
      ['PATCH', `/api/watchlists/${id}`, { name: 'Stolen' }],
      ['GET', `/api/watchlists/${id}/history?range=7d`, undefined],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'beta' }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { amount: 99 }],
      ['DELETE', `/api/watchlists/${id}/items/alpha`, undefined],
      ['DELETE', `/api/watchlists/${id}`, undefined],
    ];
    // The other user's own list, with a project it does not hold: still 404, not a hint.
    const { id: theirs } = (await create(other.agent, 'Theirs')).json();
    const absent = await other.agent.request({
      method: 'PATCH',
      url: `/api/watchlists/${theirs}/items/alpha`,
      payload: {},
    });
    expect(absent.statusCode).toBe(404);
    for (const [method, url, payload] of attempts) {
      const response = await other.agent.request({ method: method as 'GET', url, payload });
      expect([method, url, response.statusCode, response.json().error.code]).toEqual([method, url, 404, 'NOT_FOUND']);
    }
    const seen = (await other.agent.request({ method: 'GET', url: '/api/watchlists' })).json();
    expect(seen.items.map((l: { name: string }) => l.name)).toEqual(['Theirs']);
    const watching = await other.agent.request({ method: 'GET', url: '/api/me/watching?projectId=alpha' });
    expect(watching.json().lists).toEqual([{ id: theirs, name: 'Theirs', contains: false }]);
    // The directory's filled stars: only my own lists' projects, once each.
    await add(owner.agent, (await create(owner.agent, 'Second')).json().id, { projectId: 'alpha' });
    const ownerWatched = await owner.agent.request({ method: 'GET', url: '/api/me/watched-projects' });
    const otherWatched = await other.agent.request({ method: 'GET', url: '/api/me/watched-projects' });
    expect(ownerWatched.json()).toEqual({ projectIds: ['alpha'] });
    expect(otherWatched.json()).toEqual({ projectIds: [] });
    const mine = (await owner.agent.request({ method: 'GET', url: `/api/watchlists/${id}` })).json<WatchlistDetail>();
    expect([mine.name, mine.items.map((i) => [i.projectId, i.amount])]).toEqual(['Mine', [['alpha', 1]]]);
  });

  test('bad input is 400 in the error shape, never 500', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-bad@example.com');
    const { id } = (await create(agent, 'Ok')).json();
    const cases: [string, string, unknown][] = [
      ['POST', '/api/watchlists', {}],
      ['POST', '/api/watchlists', { name: '' }],
      ['POST', '/api/watchlists', { name: '   ' }],
      ['POST', '/api/watchlists', { name: 'x'.repeat(61) }],
      ['POST', '/api/watchlists', { name: 42 }],
      ['POST', '/api/watchlists', { name: 'a\u0000b' }],
      ['POST', '/api/watchlists', { name: 'ok', extra: 1 }],
      ['GET', '/api/watchlists/not-a-uuid', undefined],
      ['PATCH', `/api/watchlists/${id}`, { name: null }],
      ['POST', `/api/watchlists/${id}/items`, {}],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'alpha', amount: -1 }],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'alpha', amount: 1e300 }],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'alpha', amount: '5' }],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'alpha', costBasis: -0.01 }],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'alpha', note: 'n'.repeat(201) }],
      ['POST', `/api/watchlists/${id}/items`, { projectId: 'p'.repeat(500) }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { amount: 'lots' }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { amount: 1e300 }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { costBasis: -5 }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { note: 'a\u0000b' }],
      ['PATCH', `/api/watchlists/${id}/items/alpha`, { amount: 1, userId: 'someone' }],
      ['GET', '/api/me/watching', undefined],
      ['GET', '/api/me/watching?projectId=', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await agent.request({ method: method as 'GET', url, payload: payload as object });
      expect([method, url, JSON.stringify(payload)?.slice(0, 40), response.statusCode]).toEqual([
        method,
        url,
        JSON.stringify(payload)?.slice(0, 40),
        400,
      ]);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
