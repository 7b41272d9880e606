import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { recordTaskEvent } from './progress.service.ts';
import { ledgerRows } from './tasks.test-support.ts';

describe('task progress counted on the server from what a signed-in user opens', () => {
  let t: TestApp;
  let n = 0;
  const projectIds: string[] = [];
  let sectorId = '';
  const newUser = async () => {
    const { agent, me } = await signUpAgent(t.app, `progress-${++n}@example.com`);
    return { agent, userId: me.user!.id };
  };
  const taskOf = async (agent: Agent, key: string) =>
    (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>().tasks.find((x) => x.key === key);

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    for (let i = 0; i < 6; i++) projectIds.push((await insertProject(t.db, { heatScore: 50 + i })).id);
    sectorId = (await insertSector(t.db)).id;
  });
  afterAll(() => t.close());

  test('5 distinct project pages credit daily.view_projects once, cached bodies included; repeats do not count', async () => {
    // A visitor warms the response cache first: the signed-in views below are served from it.
    for (const id of projectIds) await t.app.inject({ method: 'GET', url: `/api/projects/${id}` });
    const { agent, userId } = await newUser();

    for (const id of projectIds.slice(0, 4)) await agent.request({ method: 'GET', url: `/api/projects/${id}` });
    await agent.request({ method: 'GET', url: `/api/projects/${projectIds[0]}` }); // a repeat
    const pending = await taskOf(agent, 'daily.view_projects');
    const fifth = await agent.request({ method: 'GET', url: `/api/projects/${projectIds[4]}` });
    await agent.request({ method: 'GET', url: `/api/projects/${projectIds[5]}` });
    await agent.request({ method: 'GET', url: '/api/projects/no-such-project' });
    const done = await taskOf(agent, 'daily.view_projects');

    expect(pending).toMatchObject({ state: 'pending', progress: { done: 4, target: 5 } });
    expect(fifth.statusCode).toBe(200);
    expect(fifth.headers['cache-control']).toMatch(/^public/); // the public answer is unchanged
    expect(done).toMatchObject({ state: 'completed', progress: { done: 5, target: 5 } });
    expect((await ledgerRows(t.db, userId)).map((r) => [r.reason, r.pointsChange])).toEqual([['task.daily', 50]]);
  });

  test('a sector page credits daily.view_sector; a visitor records nothing', async () => {
    const { agent, userId } = await newUser();
    const visitor = await t.app.inject({ method: 'GET', url: `/api/sectors/${sectorId}` });
    const view = await agent.request({ method: 'GET', url: `/api/sectors/${sectorId}` });

    expect(visitor.statusCode).toBe(200);
    expect(view.statusCode).toBe(200);
    expect(await taskOf(agent, 'daily.view_sector')).toMatchObject({ state: 'completed' });
    expect(await ledgerRows(t.db, userId)).toHaveLength(1);
  });

  test('history credits daily.view_history only at premium (test mode applies); a free user stays locked', async () => {
    const free = await newUser();
    const premium = await newUser();
    await t.db.update(sessions).set({ testLevel: 'premium' }).where(eq(sessions.userId, premium.userId));
    const url = `/api/projects/${projectIds[0]}/history`;

    const freeView = await free.agent.request({ method: 'GET', url });
    await premium.agent.request({ method: 'GET', url });

    expect([200, 403]).toContain(freeView.statusCode);
    expect(await taskOf(free.agent, 'daily.view_history')).toMatchObject({ state: 'locked', lockedReason: 'level' });
    expect(await ledgerRows(t.db, free.userId)).toHaveLength(0);
    expect(await taskOf(premium.agent, 'daily.view_history')).toMatchObject({ state: 'completed' });
    const claimFree = await free.agent.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'daily.view_history' },
    });
    expect(claimFree.statusCode).toBe(403);
  });

  test('recordTaskEvent (the search hook) credits daily.run_search once a day; claim re-checks the server count', async () => {
    const { agent, userId } = await newUser();
    const now = new Date();
    const zone = t.config.DAY_TIME_ZONE;
    const notYet = await agent.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'daily.run_search' },
    });

    const first = await recordTaskEvent(t.db, userId, 'daily.run_search', 'Uniswap', now, zone);
    const same = await recordTaskEvent(t.db, userId, 'daily.run_search', 'uniswap ', now, zone);
    const other = await recordTaskEvent(t.db, userId, 'daily.run_search', 'x'.repeat(5000), now, zone);
    const claimAfter = await agent.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'daily.run_search' },
    });

    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('TASK_NOT_READY');
    expect(first).toMatchObject({ recorded: true, credited: { task: 'daily.run_search', points: 50 } });
    expect(same).toEqual({ recorded: false, credited: null });
    expect(other).toEqual({ recorded: true, credited: null });
    expect(claimAfter.json().error.code).toBe('TASK_ALREADY_DONE');
  });
});
