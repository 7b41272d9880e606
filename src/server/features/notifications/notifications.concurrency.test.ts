import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { insertNotifications } from './notifications.test-support.ts';

// Parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real concurrency).
describe('notifications under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('50 parallel reads of one notification and read-alls: never an error, and every one of them ends read', async () => {
    const { agent, me } = await signUpAgent(t.app, 'n-race@example.com');
    const rows = await insertNotifications(t.db, me.user!.id, 10);
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        agent.request({
          method: 'POST',
          url: i % 2 === 0 ? `/api/notifications/${rows[0]!.id}/read` : '/api/notifications/read-all',
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    for (const r of responses) expect(r.json().unread).toBeGreaterThanOrEqual(0);
    const count = await agent.request({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(count.json()).toEqual({ unread: 0 });
  });

  test('50 parallel check-ins credit once and ring the bell once', async () => {
    const { agent } = await signUpAgent(t.app, 'n-race-checkin@example.com');
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => agent.request({ method: 'POST', url: '/api/tasks/check-in' })),
    );
    expect(responses.filter((r) => r.statusCode === 200 || r.statusCode === 201)).toHaveLength(1);
    const list = (await agent.request({ method: 'GET', url: '/api/notifications' })).json();
    expect(list.unread).toBe(1);
    expect(list.items).toMatchObject([
      { kind: 'points_credited', params: { amount: 50, reason: 'task.daily', balance: 50 }, link: '/tasks' },
    ]);
  });
});
