import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ProjectNotesResponseSchema,
  TeamSavedSearchesResponseSchema,
  TeamWatchlistDetailSchema,
  TeamWatchlistsResponseSchema,
} from '../../../shared/api/team-sharing.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createKey } from '../api-keys/api-keys.test-support.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { insertProjects } from '../watchlists/watchlists.test-support.ts';
import { addSeat, removeSeat, setUpTeams } from './teams.test-support.ts';

type Cast = Awaited<ReturnType<typeof setUpTeams>>;

describe('team sharing: watchlists and saved searches shared with the team, read by members, edited by author/owner', () => {
  let t: TestApp;
  let c: Cast;
  let listA: string;
  let searchA: string;
  let listB: string;
  let noteA: string;
  const call = (agent: Agent, method: string, url: string, payload?: object) =>
    agent.request({ method: method as 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lang=en`, payload });

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [
      { id: 'alpha', price: 2, change: 10, heat: 80 },
      { id: 'beta', price: 5, change: -3, heat: 40 },
    ]);
    c = await setUpTeams(t.app, t.db);
    const list = await call(c.authorA.agent, 'POST', '/api/watchlists', { name: 'A desk picks' });
    listA = list.json().id;
    await call(c.authorA.agent, 'POST', `/api/watchlists/${listA}/items`, { projectId: 'alpha', amount: 3 });
    const search = await call(c.authorA.agent, 'POST', '/api/saved-searches', { name: 'A defi', query: { q: 'swap' } });
    searchA = search.json().id;
    listB = (await call(c.ownerB.agent, 'POST', '/api/watchlists', { name: 'B list' })).json().id;
    noteA = (await call(c.authorA.agent, 'POST', '/api/projects/alpha/notes', { body: 'A thesis' })).json().id;
  });
  afterAll(() => t.close());

  test('the author shares; every member reads the list with its figures and the search; the switch is the author’s', async () => {
    expect((await call(c.authorA.agent, 'PUT', `/api/watchlists/${listA}/share`, { shared: true })).json()).toEqual({
      id: listA,
      shared: true,
    });
    expect(
      (await call(c.authorA.agent, 'PUT', `/api/saved-searches/${searchA}/share`, { shared: true })).statusCode,
    ).toBe(200);

    const lists = TeamWatchlistsResponseSchema.parse(
      (await call(c.readerA.agent, 'GET', '/api/team/watchlists')).json(),
    );
    expect(lists.team).toEqual({ id: c.teamA, name: 'Alpha Research', role: 'member' });
    expect(lists.items.map((l) => [l.name, l.itemCount, l.author.name, l.canEdit])).toEqual([
      ['A desk picks', 1, 'ts-author-a@example.com', false],
    ]);
    const detail = TeamWatchlistDetailSchema.parse(
      (await call(c.readerA.agent, 'GET', `/api/team/watchlists/${listA}`)).json(),
    );
    expect(detail.items.map((i) => [i.projectId, i.price, i.heatScore, i.value.value])).toEqual([['alpha', 2, 80, 6]]);
    const searches = TeamSavedSearchesResponseSchema.parse(
      (await call(c.readerA.agent, 'GET', '/api/team/saved-searches')).json(),
    );
    expect(searches.items.map((s) => [s.name, s.query, s.canEdit])).toEqual([['A defi', { q: 'swap' }, false]]);
    const asOwner = TeamWatchlistsResponseSchema.parse(
      (await call(c.ownerA.agent, 'GET', '/api/team/watchlists')).json(),
    );
    expect(asOwner.items[0]?.canEdit).toBe(true);

    // Only the author flips the switch: the owner's and the reader's attempt find no list of theirs.
    expect((await call(c.ownerA.agent, 'PUT', `/api/watchlists/${listA}/share`, { shared: false })).statusCode).toBe(
      404,
    );
    // The owner-only routes still answer the author as before, and nobody else.
    expect((await call(c.authorA.agent, 'GET', `/api/watchlists/${listA}`)).statusCode).toBe(200);
    expect((await call(c.ownerA.agent, 'GET', `/api/watchlists/${listA}`)).statusCode).toBe(404);
  });

  test('a reader cannot edit (403 TEAM_EDIT_FORBIDDEN, nothing changed); the owner and the author can', async () => {
    const refused = [
      await call(c.readerA.agent, 'PATCH', `/api/team/watchlists/${listA}`, { name: 'hijacked' }),
      await call(c.readerA.agent, 'POST', `/api/team/watchlists/${listA}/items`, { projectId: 'beta' }),
      await call(c.readerA.agent, 'DELETE', `/api/team/watchlists/${listA}/items/alpha`),
      await call(c.readerA.agent, 'PATCH', `/api/team/saved-searches/${searchA}`, { query: { q: 'x' } }),
    ];
    for (const res of refused) expect([res.statusCode, res.json().error.code]).toEqual([403, 'TEAM_EDIT_FORBIDDEN']);
    const before = (await call(c.authorA.agent, 'GET', `/api/watchlists/${listA}`)).json();
    expect([before.name, before.items.length]).toEqual(['A desk picks', 1]);

    const renamed = await call(c.ownerA.agent, 'PATCH', `/api/team/watchlists/${listA}`, { name: 'A desk (owner)' });
    expect([renamed.statusCode, renamed.json().name]).toEqual([200, 'A desk (owner)']);
    const added = await call(c.ownerA.agent, 'POST', `/api/team/watchlists/${listA}/items`, { projectId: 'beta' });
    expect([added.statusCode, added.json().items.length]).toEqual([201, 2]);
    expect((await call(c.ownerA.agent, 'DELETE', `/api/team/watchlists/${listA}/items/beta`)).statusCode).toBe(204);
    const changed = await call(c.authorA.agent, 'PATCH', `/api/team/saved-searches/${searchA}`, {
      query: { q: 'dex' },
    });
    expect([changed.statusCode, changed.json().query]).toEqual([200, { q: 'dex' }]);
    // The owner's edit is written as the author's list: the author sees it on their own route.
    expect((await call(c.authorA.agent, 'GET', `/api/watchlists/${listA}`)).json().name).toBe('A desk (owner)');
    const bad = await call(c.ownerA.agent, 'PATCH', `/api/team/saved-searches/${searchA}`, {
      query: { heatMin: 'hot' },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('isolation sweep: team B’s owner with team A’s ids gets 404 on every route and A’s data is unchanged', async () => {
    const snapshot = async () => [
      (await call(c.authorA.agent, 'GET', `/api/watchlists/${listA}`)).json(),
      (await call(c.authorA.agent, 'GET', `/api/saved-searches/${searchA}`)).json(),
      (await call(c.authorA.agent, 'GET', '/api/projects/alpha/notes')).json(),
    ];
    const before = await snapshot();
    const sweep: [string, string, object?][] = [
      ['PUT', `/api/watchlists/${listA}/share`, { shared: true }],
      ['PUT', `/api/watchlists/${listA}/share`, { shared: false }],
      ['PUT', `/api/saved-searches/${searchA}/share`, { shared: false }],
      ['GET', `/api/team/watchlists/${listA}`],
      ['PATCH', `/api/team/watchlists/${listA}`, { name: 'B was here' }],
      ['POST', `/api/team/watchlists/${listA}/items`, { projectId: 'beta' }],
      ['DELETE', `/api/team/watchlists/${listA}/items/alpha`],
      ['PATCH', `/api/team/saved-searches/${searchA}`, { name: 'B was here' }],
      ['PATCH', `/api/team/notes/${noteA}`, { body: 'B was here' }],
      ['DELETE', `/api/team/notes/${noteA}`],
      ['GET', `/api/watchlists/${listA}`],
      ['DELETE', `/api/watchlists/${listA}`],
    ];
    for (const [method, url, payload] of sweep) {
      const res = await call(c.ownerB.agent, method, url, payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    // B shares its own list: B's team sees it, A's does not, and B's lists/searches/notes hold nothing of A's.
    await call(c.ownerB.agent, 'PUT', `/api/watchlists/${listB}/share`, { shared: true });
    const bLists = (await call(c.ownerB.agent, 'GET', '/api/team/watchlists')).json();
    expect(bLists.items.map((l: { id: string }) => l.id)).toEqual([listB]);
    expect((await call(c.ownerB.agent, 'GET', '/api/team/saved-searches')).json().items).toEqual([]);
    const bNotes = ProjectNotesResponseSchema.parse(
      (await call(c.ownerB.agent, 'GET', '/api/projects/alpha/notes')).json(),
    );
    expect([bNotes.team?.name, bNotes.items]).toEqual(['Beta Desk', []]);
    const aLists = (await call(c.readerA.agent, 'GET', '/api/team/watchlists')).json();
    expect(aLists.items.map((l: { id: string }) => l.id)).toEqual([listA]);
    // Through /api/v1 with B's key: B's team's notes only.
    const key = await createKey(c.ownerB.agent);
    const v1 = await t.app.inject({
      url: '/api/v1/projects/alpha/notes',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect([v1.statusCode, v1.json().items]).toEqual([200, []]);

    expect(await snapshot()).toEqual(before);
  });

  test('someone in no team: reads say so (team null, nothing listed), ids answer 404, sharing needs a team', async () => {
    const lists = (await call(c.loner.agent, 'GET', '/api/team/watchlists')).json();
    expect(lists).toEqual({ team: null, items: [] });
    expect((await call(c.loner.agent, 'GET', '/api/team/saved-searches')).json()).toEqual({ team: null, items: [] });
    expect((await call(c.loner.agent, 'GET', `/api/team/watchlists/${listA}`)).statusCode).toBe(404);
    const own = (await call(c.loner.agent, 'POST', '/api/watchlists', { name: 'mine' })).json().id;
    const share = await call(c.loner.agent, 'PUT', `/api/watchlists/${own}/share`, { shared: true });
    expect([share.statusCode, share.json().error]).toEqual([
      403,
      { code: 'TEAM_REQUIRED', message: 'Join or create a team first' },
    ]);
    expect((await t.app.inject({ url: '/api/team/watchlists' })).statusCode).toBe(401);
  });

  test('leaving the team: the leaver reads nothing more, and the lists they shared leave the team with them', async () => {
    await removeSeat(t.db, c.teamA, c.readerA.userId);
    expect((await call(c.readerA.agent, 'GET', '/api/team/watchlists')).json()).toEqual({ team: null, items: [] });
    expect((await call(c.readerA.agent, 'GET', `/api/team/watchlists/${listA}`)).statusCode).toBe(404);
    expect((await call(c.readerA.agent, 'GET', '/api/projects/alpha/notes')).json().items).toEqual([]);

    await removeSeat(t.db, c.teamA, c.authorA.userId);
    expect((await call(c.ownerA.agent, 'GET', '/api/team/watchlists')).json().items).toEqual([]);
    expect((await call(c.ownerA.agent, 'GET', `/api/team/watchlists/${listA}`)).statusCode).toBe(404);
    // The author still has their list on their own route; back in the team, the share counts again.
    expect((await call(c.authorA.agent, 'GET', `/api/watchlists/${listA}`)).statusCode).toBe(200);
    await addSeat(t.db, c.teamA, c.authorA.userId);
    await addSeat(t.db, c.teamA, c.readerA.userId);
    expect((await call(c.readerA.agent, 'GET', '/api/team/watchlists')).json().items).toHaveLength(1);
  });

  test('unsharing takes the list and the search out of the team at once', async () => {
    await call(c.authorA.agent, 'PUT', `/api/watchlists/${listA}/share`, { shared: false });
    await call(c.authorA.agent, 'PUT', `/api/saved-searches/${searchA}/share`, { shared: false });
    expect((await call(c.readerA.agent, 'GET', '/api/team/watchlists')).json().items).toEqual([]);
    expect((await call(c.readerA.agent, 'GET', '/api/team/saved-searches')).json().items).toEqual([]);
    expect((await call(c.ownerA.agent, 'PATCH', `/api/team/watchlists/${listA}`, { name: 'x' })).statusCode).toBe(404);
  });
});
