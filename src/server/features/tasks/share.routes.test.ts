import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ShareStartResponse, TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { shareVisits, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { ledgerRows } from './tasks.test-support.ts';

// Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the parallel visits really race there).
describe('shares count when someone else opens the link, never on copy', () => {
  let t: TestApp;
  let n = 0;
  let projectId = '';
  const newUser = async () => {
    const { agent, me } = await signUpAgent(t.app, `share-${++n}@example.com`);
    return { agent, userId: me.user!.id };
  };
  const start = (agent: Agent, id: unknown = projectId) =>
    agent.request({ method: 'POST', url: '/api/tasks/share/start?lang=en', payload: { projectId: id } });
  const visit = (agent: Agent, token: unknown) =>
    agent.request({ method: 'POST', url: '/api/share-visits?lang=en', payload: { token } });
  const shareTask = async (agent: Agent) =>
    (await agent.request({ method: 'GET', url: '/api/tasks' }))
      .json<TasksResponse>()
      .tasks.find((task) => task.key === 'daily.share_project')!;
  const pointsOf = async (userId: string) =>
    (await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0]!.points;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    projectId = (await insertProject(t.db)).id;
  });
  afterAll(() => t.close());

  test('copying starts the task (pending: not opened yet) and pays nothing; a signed-out visitor opening it pays 50', async () => {
    const sharer = await newUser();
    const before = await shareTask(sharer.agent);
    const started = await start(sharer.agent);
    const link = started.json<ShareStartResponse>();
    const again = (await start(sharer.agent)).json<ShareStartResponse>();
    const waiting = await shareTask(sharer.agent);
    const pointsAfterCopy = await pointsOf(sharer.userId);

    const stranger = createAgent(t.app);
    const opened = await visit(stranger, link.token);
    const done = await shareTask(sharer.agent);

    expect(started.statusCode).toBe(200);
    expect(link.path).toBe(`/project/${projectId}?share=${encodeURIComponent(link.token)}`);
    expect(again.token).toBe(link.token);
    expect(before).toMatchObject({ state: 'pending', pendingReason: 'todo', progress: { done: 0, target: 1 } });
    expect(waiting).toMatchObject({
      state: 'pending',
      pendingReason: 'shareNotOpened',
      progress: { done: 0, target: 1 },
    });
    expect(pointsAfterCopy).toBe(0);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['set-cookie']).toContain('hr_visitor=');
    expect(opened.json()).toEqual({ counted: true });
    expect(done).toMatchObject({ state: 'completed' });
    expect(await pointsOf(sharer.userId)).toBe(50);
    const ledger = await ledgerRows(t.db, sharer.userId);
    expect(ledger.map((row) => [row.reason, row.pointsChange, row.idempotencyKey])).toEqual([
      ['share.project', 50, expect.stringMatching(/^task:daily\.share_project:\d{4}-\d{2}-\d{2}$/)],
    ]);
  });

  test("the sharer's own session, the sharer's browser signed out, and a repeat visitor do not count", async () => {
    const sharer = await newUser();
    const { token } = (await start(sharer.agent)).json<ShareStartResponse>();
    const signedOutSameBrowser = createAgent(t.app);
    signedOutSameBrowser.cookies.set('hr_visitor', sharer.agent.cookies.get('hr_visitor')!);
    const friend = createAgent(t.app);

    const own = await visit(sharer.agent, token);
    const ownBrowser = await visit(signedOutSameBrowser, token);
    const pointsBefore = await pointsOf(sharer.userId);
    const first = await visit(friend, token);
    const repeat = await visit(friend, token);

    expect(own.json()).toEqual({ counted: false });
    expect(ownBrowser.json()).toEqual({ counted: false });
    expect(pointsBefore).toBe(0);
    expect(first.json()).toEqual({ counted: true });
    expect(repeat.json()).toEqual({ counted: false });
    expect(await pointsOf(sharer.userId)).toBe(50);
  });

  test('a signed-in visitor counts once per link from any browser; a second link the same day pays nothing more', async () => {
    const sharer = await newUser();
    const other = await newUser();
    const p2 = (await insertProject(t.db)).id;
    const first = (await start(sharer.agent)).json<ShareStartResponse>();
    const second = (await start(sharer.agent, p2)).json<ShareStartResponse>();
    // The same account signed in on another browser: its session, not its visitor cookie.
    const otherBrowser = createAgent(t.app);
    for (const [name, value] of other.agent.cookies) if (name !== 'hr_visitor') otherBrowser.cookies.set(name, value);

    const a = await visit(other.agent, first.token);
    const b = await visit(otherBrowser, first.token);
    const c = await visit(other.agent, second.token);

    expect(a.json()).toEqual({ counted: true });
    expect(b.json()).toEqual({ counted: false });
    expect(c.json()).toEqual({ counted: true }); // a visit, but the day's share task is already paid
    expect(await pointsOf(sharer.userId)).toBe(50);
    expect(await pointsOf(other.userId)).toBe(0);
  });

  test('50 parallel visits by 50 different visitors credit the sharer once; 50 by one visitor record one visit', async () => {
    const sharer = await newUser();
    const { token } = (await start(sharer.agent)).json<ShareStartResponse>();
    const strangers = Array.from({ length: 50 }, () => createAgent(t.app));
    await Promise.all(strangers.map((s) => s.csrf()));

    const answers = await Promise.all(strangers.map((s) => visit(s, token)));
    const one = createAgent(t.app);
    await visit(one, 'warm-up-not-a-token'); // sets the visitor cookie
    const repeats = await Promise.all(Array.from({ length: 50 }, () => visit(one, token)));

    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => r.json().counted)).toHaveLength(50);
    expect(repeats.filter((r) => r.json().counted)).toHaveLength(1);
    expect(await t.db.select().from(shareVisits).where(eq(shareVisits.token, token))).toHaveLength(51);
    expect(await pointsOf(sharer.userId)).toBe(50);
    expect((await ledgerRows(t.db, sharer.userId)).filter((r) => r.reason === 'share.project')).toHaveLength(1);
  });

  test('claim: refused until someone else opened a link today; unknown tokens and bad input change nothing', async () => {
    const sharer = await newUser();
    const claim = () =>
      sharer.agent.request({
        method: 'POST',
        url: '/api/tasks/claim?lang=en',
        payload: { key: 'daily.share_project' },
      });
    await start(sharer.agent);
    const early = await claim();
    const stranger = createAgent(t.app);
    const cases = [
      await visit(stranger, 'no-such-token'),
      await visit(stranger, ''),
      await visit(stranger, 'x'.repeat(5000)),
      await visit(stranger, 7),
      await visit(stranger, 'bad\u0000token'),
    ];

    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TASK_NOT_READY');
    expect(cases[0]!.json()).toEqual({ counted: false });
    for (const response of cases.slice(1)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.objectContaining({ code: expect.any(String) }));
    }
    expect(await pointsOf(sharer.userId)).toBe(0);
  });
});
