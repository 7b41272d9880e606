import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { notifyExpiringMemberships } from './membership-expiry.service.ts';

describe('membership expiry warnings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const now = new Date('2031-03-10T01:20:00Z');
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  async function userWithPlan(email: string, level: 'free' | 'premium' | 'vip', expiresAt: Date | null, points = 0) {
    const id = (await signUpAgent(t.app, email)).me.user!.id;
    await t.db
      .update(userProfiles)
      .set({ membershipLevel: level, membershipExpiresAt: expiresAt, points })
      .where(eq(userProfiles.id, id));
    return id;
  }
  const noticesOf = (userId: string) =>
    t.db
      .select({ kind: notifications.kind, params: notifications.params, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  test('a paid plan ending within three days is warned once per plan end; others are not', async () => {
    const soon = await userWithPlan('me-soon@example.com', 'premium', hours(50));
    const edge = await userWithPlan('me-edge@example.com', 'vip', hours(72));
    const later = await userWithPlan('me-later@example.com', 'vip', hours(73));
    const ended = await userWithPlan('me-ended@example.com', 'premium', hours(-1));
    const free = await userWithPlan('me-free@example.com', 'free', hours(10));
    const covered = await userWithPlan('me-covered@example.com', 'premium', hours(10), 1500);
    const lower = await userWithPlan('me-lower@example.com', 'vip', hours(10), 1500);

    expect(await notifyExpiringMemberships(t.db, now)).toEqual({ candidates: 3, notified: 3 });
    expect(await noticesOf(soon)).toEqual([
      {
        kind: 'membership_expiring',
        params: { level: 'premium', expiresAt: hours(50).toISOString() },
        link: '/membership',
      },
    ]);
    expect((await noticesOf(edge)).map((n) => n.kind)).toEqual(['membership_expiring']);
    expect((await noticesOf(lower)).map((n) => n.params)).toEqual([
      { level: 'vip', expiresAt: hours(10).toISOString() },
    ]);
    for (const id of [later, ended, free, covered]) expect(await noticesOf(id)).toEqual([]);

    // The next day's run (and a rerun) warns nobody again; a renewed plan is warned before its new end.
    expect((await notifyExpiringMemberships(t.db, hours(24))).notified).toBe(1); // `later` is now within 3 days
    expect((await notifyExpiringMemberships(t.db, hours(24))).notified).toBe(0);
    await t.db
      .update(userProfiles)
      .set({ membershipExpiresAt: hours(24 * 31) })
      .where(eq(userProfiles.id, soon));
    expect((await notifyExpiringMemberships(t.db, hours(24 * 29))).notified).toBe(1);
    expect(await noticesOf(soon)).toHaveLength(2);
  });
});
