import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ITEMS_PER_WATCHLIST, WATCHLISTS_PER_USER } from '../../../shared/api/watchlists.schema.ts';
import { watchlistItems } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProjects, signUpPremium } from './watchlists.test-support.ts';

// The caps hold under parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real concurrency).
describe('watchlist caps under concurrency', () => {
  let t: TestApp;
  const ids = Array.from({ length: 250 }, (_, i) => `p${String(i).padStart(3, '0')}`);
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(
      t.db,
      ids.map((id) => ({ id })),
    );
  });
  afterAll(() => t.close());

  test('50 parallel creates leave exactly 20 lists; the rest are refused with the limit', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-race-lists@example.com');
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: `List ${i}` } }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(WATCHLISTS_PER_USER);
    expect(codes.filter((c) => c === 409)).toHaveLength(50 - WATCHLISTS_PER_USER);
    const refused = responses.find((r) => r.statusCode === 409)?.json();
    expect(refused.error.code).toBe('WATCHLIST_LIMIT_REACHED');
    const lists = (await agent.request({ method: 'GET', url: '/api/watchlists' })).json();
    expect(lists.items).toHaveLength(WATCHLISTS_PER_USER);
  });

  test('50 parallel adds to a list holding 190 leave exactly 200 items', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-race-items@example.com');
    const { id } = (await agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'Full' } })).json();
    await t.db.insert(watchlistItems).values(ids.slice(0, 190).map((projectId) => ({ watchlistId: id, projectId })));
    const responses = await Promise.all(
      ids
        .slice(190, 240)
        .map((projectId) =>
          agent.request({ method: 'POST', url: `/api/watchlists/${id}/items`, payload: { projectId } }),
        ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    const detail = (await agent.request({ method: 'GET', url: `/api/watchlists/${id}` })).json();
    expect(detail.items).toHaveLength(ITEMS_PER_WATCHLIST);
  });
});
