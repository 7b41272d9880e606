import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WatchingResponse, WatchlistDetail, WatchlistsResponse } from '../../../shared/api/watchlists.schema.ts';
import { heatHistory, projects, users, watchlistItems, watchlists } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { insertProjects, MARKET_AS_OF, signUpPremium } from './watchlists.test-support.ts';

describe('/api/watchlists', () => {
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

  test('a premium user creates, renames, lists and deletes lists; names are unique per user', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-crud@example.com');
    const created = await create(agent, '  Long term  ');
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'Long term', itemCount: 0 });
    expect((await create(agent, 'Long term')).json().error.code).toBe('WATCHLIST_NAME_TAKEN');
    await create(agent, 'Trading');
    const renamed = await agent.request({ method: 'PATCH', url: `/api/watchlists/${id}`, payload: { name: 'Core' } });
    expect(renamed.json<WatchlistDetail>().name).toBe('Core');
    const clash = await agent.request({
      method: 'PATCH',
      url: `/api/watchlists/${id}?lang=en`,
      payload: { name: 'Trading' },
    });
    expect([clash.statusCode, clash.json().error]).toEqual([
      409,
      { code: 'WATCHLIST_NAME_TAKEN', message: 'You already have a watchlist with this name' },
    ]);
    await add(agent, id, { projectId: 'alpha' });
    const lists = (await agent.request({ method: 'GET', url: '/api/watchlists' })).json<WatchlistsResponse>();
    expect(lists.items.map((l) => [l.name, l.itemCount])).toEqual([
      ['Core', 1],
      ['Trading', 0],
    ]);
    expect([lists.limit, lists.itemLimit]).toEqual([20, 200]);
    expect((await agent.request({ method: 'DELETE', url: `/api/watchlists/${id}` })).statusCode).toBe(204);
    expect((await agent.request({ method: 'GET', url: `/api/watchlists/${id}` })).statusCode).toBe(404);
  });

  test('holdings give value, P&L and 24 h change only where a price exists, with totals and the average heat', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-figures@example.com');
    const { id } = (await create(agent, 'Portfolio')).json();
    expect((await add(agent, id, { projectId: 'ALPHA', amount: 100, costBasis: 150 })).statusCode).toBe(201);
    expect((await add(agent, id, { projectId: 'alpha' })).json()).toMatchObject({ added: false });
    await add(agent, id, { projectId: 'beta', amount: 3 });
    await add(agent, id, { projectId: 'gamma', amount: 5, costBasis: 10, note: 'no market yet' });
    const missing = await add(agent, id, { projectId: 'nope' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'PROJECT_NOT_FOUND']);

    const detail = (await agent.request({ method: 'GET', url: `/api/watchlists/${id}` })).json<WatchlistDetail>();
    const [alpha, beta, gamma] = detail.items;
    // alpha: 100 × 2 = 200, paid 150 → +50; +25 % in 24 h → worth 160 a day ago → +40.
    expect(alpha).toMatchObject({ name: 'Project alpha', symbol: 'ALPH', heatScore: 80, price: 2, marketCap: 2e6 });
    expect([alpha?.value, alpha?.pnl, alpha?.change24h]).toEqual([
      { value: 200, reason: null },
      { value: 50, reason: null },
      { value: 40, reason: null },
    ]);
    expect([beta?.value, beta?.pnl, beta?.change24h]).toEqual([
      { value: 30, reason: null },
      { value: null, reason: 'no_cost_basis' },
      { value: null, reason: 'no_change' },
    ]);
    // The market figures say where they came from, like the directory's; no price, no source.
    expect(alpha?.marketSource).toEqual({ source: 'coingecko', asOf: MARKET_AS_OF });
    expect(alpha?.priceSource).toEqual({ source: 'coingecko', asOf: MARKET_AS_OF });
    expect(gamma?.marketSource).toBeNull();
    expect(gamma?.priceSource).toBeNull();
    expect([gamma?.value, gamma?.pnl, gamma?.note]).toEqual([
      { value: null, reason: 'no_price' },
      { value: null, reason: 'no_price' },
      'no market yet',
    ]);
    expect(detail.totals).toEqual({
      value: 230,
      costBasis: 150,
      pnl: 50,
      change24h: 40,
      holdings: 3,
      pricedHoldings: 2,
      unpricedHoldings: 1,
      pnlHoldings: 1,
      changeHoldings: 1,
      averageHeat: 60,
      scoredProjects: 2,
    });

    const edited = await agent.request({
      method: 'PATCH',
      url: `/api/watchlists/${id}/items/alpha`,
      payload: { amount: null, note: 'watch only' },
    });
    expect(edited.json<WatchlistDetail>().items[0]).toMatchObject({
      amount: null,
      costBasis: 150,
      note: 'watch only',
      value: { value: null, reason: 'no_amount' },
    });
    expect((await agent.request({ method: 'DELETE', url: `/api/watchlists/${id}/items/beta` })).statusCode).toBe(204);
    const watching = await agent.request({ method: 'GET', url: '/api/me/watching?projectId=beta' });
    expect(watching.json<WatchingResponse>().lists).toEqual([{ id, name: 'Portfolio', contains: false }]);
    const holds = await agent.request({ method: 'GET', url: '/api/me/watching?projectId=alpha' });
    expect(holds.json<WatchingResponse>().lists[0]?.contains).toBe(true);
  });

  test('the list heat over time is the daily mean of its current projects, last row of each day', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-history@example.com');
    const { id } = (await create(agent, 'Heat')).json();
    await add(agent, id, { projectId: 'alpha' });
    await add(agent, id, { projectId: 'beta' });
    const day = (d: number, h: number) => new Date(Date.now() - d * 86_400_000 + h * 3_600_000);
    const row = (entityId: string, computedAt: Date, score: number) => ({
      entityType: 'project' as const,
      entityId,
      computedAt,
      score,
      model: 'test',
    });
    // Shanghai noon-ish rows on two past days; gamma is not in the list, 100 days ago is out of range.
    const noon = (d: number) => {
      const at = day(d, 0);
      at.setUTCHours(4, 0, 0, 0);
      return at;
    };
    await t.db
      .insert(heatHistory)
      .values([
        row('alpha', noon(3), 10),
        row('alpha', new Date(noon(3).getTime() + 3_600_000), 20),
        row('beta', noon(3), 40),
        row('alpha', noon(2), 50),
        row('gamma', noon(2), 99),
        row('alpha', noon(100), 1),
      ]);
    const week = await agent.request({ method: 'GET', url: `/api/watchlists/${id}/history?range=7d` });
    expect(week.statusCode).toBe(200);
    const points = week.json().points as { heat: number; projects: number }[];
    expect(points.map((p) => [p.heat, p.projects])).toEqual([
      [30, 2],
      [50, 1],
    ]);
    const bad = await agent.request({ method: 'GET', url: `/api/watchlists/${id}/history?range=1y` });
    expect(bad.statusCode).toBe(400);
  });

  test('a deleted project leaves its lists; a deleted account takes its lists and items with it', async () => {
    await insertProjects(t.db, [{ id: 'doomed', price: 1 }]);
    const { agent, userId } = await signUpPremium(t.app, t.db, 'wl-cascade@example.com');
    const { id } = (await create(agent, 'Cascade')).json();
    await add(agent, id, { projectId: 'doomed', amount: 1 });
    await add(agent, id, { projectId: 'alpha' });
    await t.db.delete(projects).where(eq(projects.id, 'doomed'));
    const detail = (await agent.request({ method: 'GET', url: `/api/watchlists/${id}` })).json<WatchlistDetail>();
    expect(detail.items.map((i) => i.projectId)).toEqual(['alpha']);
    await t.db.delete(users).where(eq(users.id, userId));
    expect(await t.db.select().from(watchlists).where(eq(watchlists.id, id))).toEqual([]);
    expect(await t.db.select().from(watchlistItems).where(eq(watchlistItems.watchlistId, id))).toEqual([]);
  });
});
