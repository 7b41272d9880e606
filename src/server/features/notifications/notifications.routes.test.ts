import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/api/notifications.schema.ts';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { cleanupNotifications, encodeCursor } from './notifications.service.ts';
import { insertNotifications } from './notifications.test-support.ts';

describe('/api/notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const list = (agent: Agent, query = '') => agent.request({ method: 'GET', url: `/api/notifications${query}` });
  const unread = async (agent: Agent) =>
    (await agent.request({ method: 'GET', url: '/api/notifications/unread-count' })).json().unread as number;

  test('a visitor gets 401 SIGN_IN_REQUIRED on every route; a free user may use them all', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', `/api/notifications/${id}/read`],
      ['POST', '/api/notifications/read-all'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url: `${url}?lang=en` });
      expect([url, res.statusCode, res.json().error]).toEqual([
        url,
        401,
        { code: 'SIGN_IN_REQUIRED', message: 'Please sign in to use this feature' },
      ]);
    }
    const { agent } = await signUpAgent(t.app, 'n-free@example.com');
    const res = await list(agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ items: [], unread: 0, nextCursor: null });
    expect(await unread(agent)).toBe(0);
  });

  test('pages newest first with a keyset cursor: every item once, ties within one instant included', async () => {
    const { agent, me } = await signUpAgent(t.app, 'n-pages@example.com');
    const userId = me.user!.id;
    const newest = new Date('2030-01-02T00:00:00Z');
    await insertNotifications(t.db, userId, 30, { newest, tag: 'spread' });
    // 15 more at one instant older than all of them: only the id orders them.
    await insertNotifications(t.db, userId, 15, {
      newest: new Date('2029-12-01T00:00:00Z'),
      tag: 'tie',
      sameTime: true,
    });

    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(agent, cursor ? `?cursor=${cursor}` : '');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.unread).toBe(45);
      expect(body.items.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE);
      for (const item of body.items) {
        seen.push(item.id);
        times.push(item.createdAt);
      }
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    expect(times[0]).toBe(newest.toISOString());
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('unreadOnly lists unread ones; read and read-all return the new count and are idempotent', async () => {
    const { agent, me } = await signUpAgent(t.app, 'n-read@example.com');
    const rows = await insertNotifications(t.db, me.user!.id, 3);
    const first = rows[0]!.id;

    const read = await agent.request({ method: 'POST', url: `/api/notifications/${first}/read` });
    expect([read.statusCode, read.json()]).toEqual([200, { unread: 2 }]);
    const [{ readAt } = { readAt: null }] = await t.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, first));
    const again = await agent.request({ method: 'POST', url: `/api/notifications/${first}/read` });
    expect([again.statusCode, again.json()]).toEqual([200, { unread: 2 }]);
    const [after] = await t.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, first));
    expect(after?.readAt).toEqual(readAt); // the first read time stays

    const onlyUnread = (await list(agent, '?unreadOnly=true')).json();
    expect(onlyUnread.items.map((i: { id: string }) => i.id)).toEqual([rows[1]!.id, rows[2]!.id]);
    expect((await list(agent)).json().items.find((i: { id: string }) => i.id === first).readAt).not.toBeNull();

    for (let i = 0; i < 2; i++) {
      const all = await agent.request({ method: 'POST', url: '/api/notifications/read-all' });
      expect([all.statusCode, all.json()]).toEqual([200, { unread: 0 }]);
    }
    expect((await list(agent, '?unreadOnly=true')).json()).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  test('a bad cursor or id is a 400 in the request language, never a 500', async () => {
    const { agent } = await signUpAgent(t.app, 'n-bad@example.com');
    const forged = [
      'not-base64!!',
      Buffer.from('yesterday|nope').toString('base64url'),
      encodeCursor({ at: '2030-13-45T99:99:99.000000Z', id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ at: '2030-02-30T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ at: '2030-01-01T24:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ at: '2030-01-01T00:00:00.000000Z', id: "x' OR 1=1 --" }),
      'a'.repeat(201),
    ];
    for (const cursor of forged) {
      const res = await list(agent, `?cursor=${encodeURIComponent(cursor)}&lang=en`);
      expect([cursor, res.statusCode, res.json().error.code]).toEqual([cursor, 400, 'VALIDATION_FAILED']);
    }
    const zh = await list(agent, '?cursor=abc');
    expect(zh.json().error.message).toMatch(/请求/);
    const badId = await agent.request({ method: 'POST', url: '/api/notifications/123/read?lang=en' });
    expect([badId.statusCode, badId.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badFilter = await list(agent, '?unreadOnly=yes');
    expect(badFilter.statusCode).toBe(400);
  });

  test('retention: read ones older than 90 days go, unread ones stay up to a year', async () => {
    const { me } = await signUpAgent(t.app, 'n-retention@example.com');
    const userId = me.user!.id;
    const now = new Date('2031-06-01T00:00:00Z');
    const day = 86_400_000;
    const make = (tag: string, ageDays: number, read: boolean) =>
      t.db
        .insert(notifications)
        .values({
          userId,
          kind: 'points_credited',
          params: { amount: 50, reason: 'task.daily', balance: 50 },
          link: '/tasks',
          dedupeKey: tag,
          createdAt: new Date(now.getTime() - ageDays * day),
          readAt: read ? now : null,
        })
        .returning({ id: notifications.id });
    await make('read-old', 91, true);
    const [keptRead] = await make('read-recent', 89, true);
    const [keptUnread] = await make('unread-old', 200, false);
    await make('unread-ancient', 400, false);
    // Other tests' read notifications (from 2029–2030) go too: the job is not per user.
    expect(await cleanupNotifications(t.db, now)).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(left.map((r) => r.id).sort()).toEqual([keptRead!.id, keptUnread!.id].sort());
    expect(await cleanupNotifications(t.db, now)).toBe(0);
  });
});
