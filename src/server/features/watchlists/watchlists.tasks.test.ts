import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProjects, signUpPremium } from './watchlists.test-support.ts';

describe('watchlist tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [{ id: 'alpha' }, { id: 'beta' }]);
  });
  afterAll(() => t.close());

  test('the first item credits the daily add and the first-watchlist achievement, once; later adds credit nothing', async () => {
    const { agent } = await signUpPremium(t.app, t.db, 'wl-tasks@example.com');
    const early = await agent.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'achievement.first_watchlist' },
    });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'TASK_NOT_READY']);
    const { id } = (await agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'L' } })).json();

    const first = await agent.request({
      method: 'POST',
      url: `/api/watchlists/${id}/items`,
      payload: { projectId: 'alpha' },
    });
    const second = await agent.request({
      method: 'POST',
      url: `/api/watchlists/${id}/items`,
      payload: { projectId: 'beta' },
    });

    expect(first.json().credited.map((c: { task: string; points: number }) => [c.task, c.points])).toEqual([
      ['daily.add_watchlist', 50],
      ['achievement.first_watchlist', 100],
    ]);
    expect(first.json().credited[1].balance).toBe(1150);
    expect(second.json().credited).toEqual([]);
    const tasks = (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>();
    const state = Object.fromEntries(tasks.tasks.map((task) => [task.key, task.state]));
    expect([state['daily.add_watchlist'], state['achievement.first_watchlist']]).toEqual(['completed', 'completed']);
    // Already credited: a claim is the normal "done" answer, not a second credit.
    const again = await agent.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'daily.add_watchlist' },
    });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'TASK_ALREADY_DONE']);
  });
});
