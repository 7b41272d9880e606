import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { encodeCursor } from './notifications.service.ts';
import { insertNotifications } from './notifications.test-support.ts';

describe("/api/notifications: another user's notifications are out of reach", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test("marking another user's notification read answers 404 like a missing one, and changes nothing", async () => {
    const owner = await signUpAgent(t.app, 'n-owner@example.com');
    const other = await signUpAgent(t.app, 'n-other@example.com');
    const rows = await insertNotifications(t.db, owner.me.user!.id, 3);
    await insertNotifications(t.db, other.me.user!.id, 1, { tag: 'theirs' });

    for (const { id } of rows) {
      const res = await other.agent.request({ method: 'POST', url: `/api/notifications/${id}/read?lang=en` });
      expect([res.statusCode, res.json().error]).toEqual([
        404,
        { code: 'NOTIFICATION_NOT_FOUND', message: 'Notification not found' },
      ]);
    }
    const missing = await other.agent.request({
      method: 'POST',
      url: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
    });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOTIFICATION_NOT_FOUND']);
    expect(missing.json().error.message).toBe('通知不存在');

    // Read-all by the other user marks only their own.
    const all = await other.agent.request({ method: 'POST', url: '/api/notifications/read-all' });
    expect(all.json()).toEqual({ unread: 0 });
    const ownerRows = await t.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, owner.me.user!.id));
    expect(ownerRows.map((r) => r.readAt)).toEqual([null, null, null]);
    const ownerCount = await owner.agent.request({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(ownerCount.json()).toEqual({ unread: 3 });
  });

  test("the list and the unread count are the caller's own, whatever cursor is sent", async () => {
    const owner = await signUpAgent(t.app, 'n-owner2@example.com');
    const other = await signUpAgent(t.app, 'n-other2@example.com');
    const rows = await insertNotifications(t.db, owner.me.user!.id, 5, { newest: new Date('2030-01-01T00:00:00Z') });
    const mine = await other.agent.request({ method: 'GET', url: '/api/notifications' });
    expect(mine.json()).toEqual({ items: [], unread: 0, nextCursor: null });
    // A cursor built from the owner's newest row pages the caller's own list, not the owner's.
    const cursor = encodeCursor({ at: '2030-01-01T00:00:01.000000Z', id: rows[0]!.id });
    const paged = await other.agent.request({ method: 'GET', url: `/api/notifications?cursor=${cursor}` });
    expect(paged.json().items).toEqual([]);
  });
});
