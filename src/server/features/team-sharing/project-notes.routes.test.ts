import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  NOTES_PER_PROJECT_PER_TEAM,
  ProjectNoteSchema,
  ProjectNotesResponseSchema,
} from '../../../shared/api/team-sharing.schema.ts';
import { projectNotes } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createKey } from '../api-keys/api-keys.test-support.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { insertProjects } from '../watchlists/watchlists.test-support.ts';
import { setUpTeams } from './teams.test-support.ts';

type Cast = Awaited<ReturnType<typeof setUpTeams>>;

describe('project notes: the team’s own, with author and time; author edits, author or owner deletes', () => {
  let t: TestApp;
  let c: Cast;
  const call = (agent: Agent, method: string, url: string, payload?: object | string) =>
    agent.request({
      method: method as 'GET',
      url: `${url}?lang=en`,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json' } }
        : payload
          ? { payload }
          : {}),
    });
  const notesOf = async (agent: Agent, project = 'alpha') =>
    ProjectNotesResponseSchema.parse((await call(agent, 'GET', `/api/projects/${project}/notes`)).json());
  const rowsOf = (teamId: string) =>
    t.db.select().from(projectNotes).where(eq(projectNotes.teamId, teamId)).orderBy(projectNotes.createdAt);

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [{ id: 'alpha', price: 2 }, { id: 'beta' }, { id: 'gamma' }]);
    c = await setUpTeams(t.app, t.db);
  });
  afterAll(() => t.close());

  test('a member writes; every member reads it with author and time; HTML is stored and returned as text', async () => {
    const res = await call(c.authorA.agent, 'POST', '/api/projects/ALPHA/notes', { body: '  <b>Buy</b> & hold  ' });

    expect(res.statusCode).toBe(201);
    const note = ProjectNoteSchema.parse(res.json());
    expect([note.projectId, note.body, note.author, note.canEdit, note.canDelete]).toEqual([
      'alpha',
      '<b>Buy</b> & hold',
      { name: 'ts-author-a@example.com', isMe: true },
      true,
      true,
    ]);
    const asReader = await notesOf(c.readerA.agent);
    expect(asReader.team?.role).toBe('member');
    expect(asReader.items.map((n) => [n.body, n.author.isMe, n.canEdit, n.canDelete])).toEqual([
      ['<b>Buy</b> & hold', false, false, false],
    ]);
    expect((await notesOf(c.ownerA.agent)).items[0]?.canDelete).toBe(true);
    expect(asReader.items[0]?.createdAt).toBe(note.createdAt);
  });

  test('edit: author only (403 for the owner and a reader); delete: the owner may, a reader may not', async () => {
    const { id } = (await call(c.readerA.agent, 'POST', '/api/projects/beta/notes', { body: 'reader note' })).json();

    for (const agent of [c.ownerA.agent, c.authorA.agent]) {
      const edit = await call(agent, 'PATCH', `/api/team/notes/${id}`, { body: 'changed' });
      expect([edit.statusCode, edit.json().error.code]).toEqual([403, 'TEAM_EDIT_FORBIDDEN']);
    }
    const del = await call(c.authorA.agent, 'DELETE', `/api/team/notes/${id}`);
    expect(del.statusCode).toBe(403);
    const edited = await call(c.readerA.agent, 'PATCH', `/api/team/notes/${id}`, { body: 'reader note, revised' });
    expect([edited.statusCode, edited.json().body]).toEqual([200, 'reader note, revised']);
    expect((await notesOf(c.authorA.agent, 'beta')).items.map((n) => n.body)).toEqual(['reader note, revised']);

    expect((await call(c.ownerA.agent, 'DELETE', `/api/team/notes/${id}`)).statusCode).toBe(204);
    expect((await notesOf(c.readerA.agent, 'beta')).items).toEqual([]);
    expect((await call(c.readerA.agent, 'DELETE', `/api/team/notes/${id}`)).statusCode).toBe(404);
  });

  test('bad bodies: empty, NUL, over 5,000 characters, 100 kB, wrong types → 4xx and nothing written', async () => {
    const before = await rowsOf(c.teamA);
    const bad: (object | string)[] = [
      { body: '' },
      { body: '   ' },
      { body: 'a\u0000b' },
      { body: 'x'.repeat(5001) },
      { body: 'y'.repeat(100_000) },
      { body: 42 },
      { body: 'ok', extra: true },
      {},
      '{"body": "unterminated',
    ];
    for (const payload of bad) {
      const res = await call(c.authorA.agent, 'POST', '/api/projects/alpha/notes', payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    const [first] = before;
    const patch = await call(c.authorA.agent, 'PATCH', `/api/team/notes/${first!.id}`, { body: 'z'.repeat(100_000) });
    expect(patch.statusCode).toBe(400);
    expect(await rowsOf(c.teamA)).toEqual(before);
    const exact = await call(c.authorA.agent, 'POST', '/api/projects/gamma/notes', { body: '字'.repeat(5000) });
    expect(exact.statusCode).toBe(201);
  });

  test('unknown project → 404 PROJECT_NOT_FOUND; no team → no notes to read, TEAM_REQUIRED to write', async () => {
    const missing = await call(c.authorA.agent, 'POST', '/api/projects/nope/notes', { body: 'x' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'PROJECT_NOT_FOUND']);
    expect(await notesOf(c.loner.agent)).toEqual({ projectId: 'alpha', team: null, items: [], limit: 200 });
    const write = await call(c.loner.agent, 'POST', '/api/projects/alpha/notes', { body: 'x' });
    expect([write.statusCode, write.json().error.code]).toEqual([403, 'TEAM_REQUIRED']);
    expect((await t.app.inject({ url: '/api/projects/alpha/notes' })).statusCode).toBe(401);
  });

  test('team B never reads or changes team A’s notes, on the page API and through /api/v1', async () => {
    await call(c.ownerB.agent, 'POST', '/api/projects/alpha/notes', { body: 'B view' });
    const a = await notesOf(c.authorA.agent);
    const b = await notesOf(c.ownerB.agent);
    expect(b.items.map((n) => n.body)).toEqual(['B view']);
    expect(a.items.map((n) => n.body)).not.toContain('B view');

    const keyA = await createKey(c.ownerA.agent);
    const v1 = await t.app.inject({
      url: '/api/v1/projects/alpha/notes',
      headers: { authorization: `Bearer ${keyA.key}` },
    });
    expect(ProjectNotesResponseSchema.parse(v1.json()).items.map((n) => n.id)).toEqual(a.items.map((n) => n.id));
    expect(v1.headers['cache-control']).toBe('private, no-store');
    const anonymous = await t.app.inject({ url: '/api/v1/projects/alpha/notes' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('50 parallel notes on one project hold the per-team cap exactly', async () => {
    const existing = (await rowsOf(c.teamB)).filter((n) => n.projectId === 'beta').length;
    const room = 10;
    const fill = NOTES_PER_PROJECT_PER_TEAM - room - existing;
    await t.db.insert(projectNotes).values(
      Array.from({ length: fill }, (_, i) => ({
        teamId: c.teamB,
        projectId: 'beta',
        authorId: c.ownerB.userId,
        body: `seed ${i}`,
      })),
    );

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(c.ownerB.agent, 'POST', '/api/projects/beta/notes', { body: `p${i}` })),
    );

    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(room);
    expect(codes.filter((s) => s === 409)).toHaveLength(50 - room);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toBe('TEAM_NOTE_LIMIT_REACHED');
    expect((await rowsOf(c.teamB)).filter((n) => n.projectId === 'beta')).toHaveLength(NOTES_PER_PROJECT_PER_TEAM);
    // Team A's count on the same project is its own.
    expect(
      (await call(c.readerA.agent, 'POST', '/api/projects/beta/notes', { body: 'A still writes' })).statusCode,
    ).toBe(201);
  });
});
