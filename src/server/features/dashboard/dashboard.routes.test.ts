import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DashboardResponseSchema, DashboardSearchResultsSchema } from '../../../shared/api/dashboard.schema.ts';
import { projectScores, projects, savedSearches, userDashboards, watchlists } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';
import { createSaved, insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { createWatchlist, getDashboard, PLAIN_WIDGETS, putDashboard } from './dashboard.test-support.ts';

describe('/api/me/dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('before the first save the layout is empty at version 0', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'dash-empty@example.com');

    const response = await getDashboard(agent);

    expect(DashboardResponseSchema.parse(response.json())).toEqual({
      widgets: [],
      homeDashboard: false,
      version: 0,
      updatedAt: null,
      heatAsOf: null,
      limits: { widgets: 20, noteChars: 2000 },
    });
  });

  test('the layout is on the account: another session (another device) reads the same order, sizes and note', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'dash-devices@example.com');
    const listId = await createWatchlist(agent, 'Core');
    const widgets = [
      { id: 'w-list', kind: 'watchlist', size: 'wide', settings: { watchlistId: listId } },
      ...PLAIN_WIDGETS,
    ];
    expect((await putDashboard(agent, { version: 0, widgets, homeDashboard: false })).json().version).toBe(1);
    const reordered = [widgets[2], widgets[0], { ...widgets[1], size: 'small' }];
    expect((await putDashboard(agent, { version: 1, widgets: reordered, homeDashboard: true })).statusCode).toBe(200);

    const other = createAgent(t.app);
    await other.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'dash-devices@example.com', password: TEST_PASSWORD },
    });
    const read = DashboardResponseSchema.parse((await getDashboard(other)).json());

    expect(read.widgets).toEqual(reordered);
    expect(read).toMatchObject({ version: 2, homeDashboard: true });
  });

  test('a save from an older version is 409 DASHBOARD_CONFLICT naming the current version; nothing changes', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'dash-stale@example.com');
    await putDashboard(agent, { version: 0, widgets: PLAIN_WIDGETS, homeDashboard: false });
    await putDashboard(agent, { version: 1, widgets: PLAIN_WIDGETS.slice(0, 2), homeDashboard: false });

    for (const version of [0, 1, 7]) {
      const stale = await putDashboard(agent, { version, widgets: [], homeDashboard: true });
      expect([version, stale.statusCode, stale.json().error]).toEqual([
        version,
        409,
        {
          code: 'DASHBOARD_CONFLICT',
          message: 'Your dashboard was changed on another device or tab; reload it and try again',
          details: { version: 2 },
        },
      ]);
    }
    expect((await getDashboard(agent)).json()).toMatchObject({ version: 2, widgets: PLAIN_WIDGETS.slice(0, 2) });
  });

  test('bad input is a 4xx in the error shape and changes nothing', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'dash-bad@example.com');
    await putDashboard(agent, { version: 0, widgets: PLAIN_WIDGETS, homeDashboard: true });
    const before = await t.db.select().from(userDashboards).where(eq(userDashboards.userId, userId));
    const note = (text: string) => ({ id: 'n', kind: 'note', size: 'small', settings: { text } });
    const layout = (widgets: unknown[]) => ({ version: 1, widgets, homeDashboard: true });
    const bad: [string, unknown][] = [
      ['NUL in a note', layout([note('a\u0000b')])],
      ['NUL in an id', layout([{ ...note('x'), id: 'a\u0000' }])],
      ['100 kB note', layout([note('x'.repeat(100_000))])],
      ['2001-character note', layout([note('x'.repeat(2001))])],
      ['unknown kind', layout([{ id: 'x', kind: 'portfolio', size: 'small', settings: {} }])],
      ['unknown size', layout([{ ...note('x'), size: 'huge' }])],
      ['settings of another kind', layout([{ id: 'x', kind: 'alerts', size: 'small', settings: { text: 'x' } }])],
      [
        'a watchlist id that is no uuid',
        layout([{ id: 'x', kind: 'watchlist', size: 'small', settings: { watchlistId: 5 } }]),
      ],
      ['21 widgets', layout(Array.from({ length: 21 }, (_, i) => ({ ...note('x'), id: `n${i}` })))],
      ['duplicate widget ids', layout([note('a'), note('b')])],
      ['widgets not an array', layout('note' as never)],
      ['version as a string', { version: '1', widgets: [], homeDashboard: true }],
      ['negative version', { version: -1, widgets: [], homeDashboard: true }],
      ['homeDashboard missing', { version: 1, widgets: [] }],
      ['an extra field', { ...layout([]), userId: 'someone-else' }],
      ['a bare string', 'dashboard'],
      ['null', null],
    ];
    for (const [name, payload] of bad) {
      const response = await putDashboard(agent, payload);
      expect([name, response.statusCode >= 400 && response.statusCode < 500]).toEqual([name, true]);
      expect([name, response.json().error.code]).toEqual([name, expect.any(String)]);
    }
    expect(await t.db.select().from(userDashboards).where(eq(userDashboards.userId, userId))).toEqual(before);
  });

  test("a widget naming another user's watchlist or saved search is 404 and nothing is stored or read", async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'dash-owner@example.com');
    const other = await signUpWithPoints(t.app, t.db, 'dash-other@example.com');
    const listId = await createWatchlist(owner.agent, 'Private');
    const searchId = (await createSaved(owner.agent, { name: 'Mine', query: { q: 'uni' } })).json().id as string;
    const missing = '00000000-0000-4000-8000-000000000000';
    const listsBefore = await t.db.select().from(watchlists).where(eq(watchlists.id, listId));
    const searchesBefore = await t.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));

    for (const id of [listId, missing]) {
      const response = await putDashboard(other.agent, {
        version: 0,
        widgets: [{ id: 'w', kind: 'watchlist', size: 'small', settings: { watchlistId: id } }],
        homeDashboard: false,
      });
      expect([id === listId, response.statusCode, response.json().error.code]).toEqual([
        id === listId,
        404,
        'NOT_FOUND',
      ]);
    }
    for (const id of [searchId, missing]) {
      const widgets = [{ id: 'w', kind: 'saved_search', size: 'small', settings: { savedSearchId: id } }];
      const response = await putDashboard(other.agent, { version: 0, widgets, homeDashboard: false });
      const results = await other.agent.request({
        method: 'GET',
        url: `/api/me/dashboard/saved-searches/${id}/results?lang=en`,
      });
      for (const r of [response, results]) {
        expect([id === searchId, r.statusCode, r.json().error]).toEqual([
          id === searchId,
          404,
          { code: 'SAVED_SEARCH_NOT_FOUND', message: 'Saved search not found' },
        ]);
      }
    }
    // A mix of own and another's ids is refused whole.
    const ownList = await createWatchlist(other.agent, 'Theirs');
    const mixed = await putDashboard(other.agent, {
      version: 0,
      widgets: [
        { id: 'a', kind: 'watchlist', size: 'small', settings: { watchlistId: ownList } },
        { id: 'b', kind: 'watchlist', size: 'small', settings: { watchlistId: listId } },
      ],
      homeDashboard: false,
    });
    expect(mixed.statusCode).toBe(404);
    expect(await t.db.select().from(userDashboards).where(eq(userDashboards.userId, other.userId))).toEqual([]);
    expect(await t.db.select().from(watchlists).where(eq(watchlists.id, listId))).toEqual(listsBefore);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, searchId))).toEqual(searchesBefore);
    const malformed = await other.agent.request({ method: 'GET', url: '/api/me/dashboard/saved-searches/x/results' });
    expect(malformed.statusCode).toBe(400);
  });

  test('a saved-search widget lists the results that joined after the search was saved as new', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'dash-search@example.com');
    await insertProjects(t.db, [
      { id: 'dash-old-a', heat: 40, category: 'GameFi' },
      { id: 'dash-old-b', heat: 60, category: 'GameFi' },
    ]);
    const saved = (await createSaved(agent, { name: 'Games', query: { category: 'GameFi' } })).json();
    const savedAt = new Date(saved.createdAt);
    await insertProjects(t.db, [{ id: 'dash-new-c', heat: 50, category: 'GameFi' }]);
    await t.db
      .update(projects)
      .set({ createdAt: new Date(savedAt.getTime() + 60_000) })
      .where(eq(projects.id, 'dash-new-c'));
    await t.db
      .update(projects)
      .set({ createdAt: new Date(savedAt.getTime() - 60_000) })
      .where(eq(projects.id, 'dash-old-a'));
    await t.db
      .update(projects)
      .set({ createdAt: new Date(savedAt.getTime() - 60_000) })
      .where(eq(projects.id, 'dash-old-b'));

    const response = await agent.request({
      method: 'GET',
      url: `/api/me/dashboard/saved-searches/${saved.id}/results`,
    });

    expect(response.statusCode).toBe(200);
    const body = DashboardSearchResultsSchema.parse(response.json());
    expect(body).toMatchObject({ name: 'Games', resultCount: 3, newCount: 1, query: { category: 'GameFi' } });
    expect(body.items.map((i) => [i.projectId, i.isNew])).toEqual([['dash-new-c', true]]);

    // The layout names the latest heat run: the as-of of the heat figures its widgets show.
    const run = new Date('2026-01-02T03:04:05.000Z');
    await t.db.update(projectScores).set({ computedAt: run }).where(eq(projectScores.projectId, 'dash-old-a'));
    expect((await getDashboard(agent)).json().heatAsOf).toBe(run.toISOString());
  });
});
