import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints, debitPoints } from './points.service.ts';
import { pointsNotificationsFor } from './points-notifications.ts';

describe('points and level notifications (written with the ledger row)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const newUser = async (email: string) => (await signUpAgent(t.app, email)).me.user!.id;
  const noticesOf = (userId: string) =>
    t.db
      .select({ kind: notifications.kind, params: notifications.params, dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.dedupeKey));

  test('a task credit rings the bell once per ledger row; a replayed key adds nothing; ad views stay quiet', async () => {
    const user = await newUser('pn-credit@example.com');
    const first = await creditPoints(t.db, { userId: user, amount: 50, reason: 'task.daily', idempotencyKey: 'k1' });
    await creditPoints(t.db, { userId: user, amount: 50, reason: 'task.daily', idempotencyKey: 'k1' });
    await creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch', idempotencyKey: 'ad:1' });
    await creditPoints(t.db, { userId: user, amount: 100, reason: 'streak.bonus' });
    expect(await noticesOf(user)).toEqual([
      {
        kind: 'points_credited',
        params: { amount: 50, reason: 'task.daily', balance: 50 },
        dedupeKey: `points:${first.entry.id}`,
      },
      {
        kind: 'points_credited',
        params: { amount: 100, reason: 'streak.bonus', balance: 160 },
        dedupeKey: expect.any(String),
      },
    ]);
  });

  test('crossing 1000 and 5000 up, and back down through a debit, each announce the new level', async () => {
    const user = await newUser('pn-level@example.com');
    await creditPoints(t.db, { userId: user, amount: 990, reason: 'admin.adjust' });
    const up = await creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch' }); // quiet credit, loud level
    await creditPoints(t.db, { userId: user, amount: 3900, reason: 'admin.adjust' });
    const vip = await creditPoints(t.db, { userId: user, amount: 100, reason: 'referral.signup' });
    const down = await debitPoints(t.db, { userId: user, amount: 4500, reason: 'points.expired' });
    const levels = (await noticesOf(user)).filter((n) => n.kind === 'level_changed');
    expect(levels).toEqual([
      { kind: 'level_changed', params: { from: 'free', to: 'premium' }, dedupeKey: `level:${up.entry.id}` },
      { kind: 'level_changed', params: { from: 'premium', to: 'vip' }, dedupeKey: `level:${vip.entry.id}` },
      { kind: 'level_changed', params: { from: 'vip', to: 'free' }, dedupeKey: `level:${down.entry.id}` },
    ]);
  });

  test('a refused debit writes no notification; a running paid plan hides a points level it already covers', async () => {
    const user = await newUser('pn-paid@example.com');
    await expect(debitPoints(t.db, { userId: user, amount: 5, reason: 'admin.adjust' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_POINTS',
    });
    await t.db
      .update(userProfiles)
      .set({ membershipLevel: 'vip', membershipExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(userProfiles.id, user));
    await creditPoints(t.db, { userId: user, amount: 1000, reason: 'admin.adjust' });
    expect((await noticesOf(user)).map((n) => n.kind)).toEqual(['points_credited']);
  });

  test('the pure rule: debits are never "credited"; an expired plan no longer hides a level', () => {
    const base = {
      userId: 'u',
      entryId: 7,
      paidLevel: 'premium' as const,
      paidExpiresAt: new Date('2030-01-01T00:00:00Z'),
      now: new Date('2030-02-01T00:00:00Z'),
    };
    expect(pointsNotificationsFor({ ...base, change: -10, reason: 'admin.adjust', before: 20, after: 10 })).toEqual([]);
    expect(
      pointsNotificationsFor({ ...base, change: 1000, reason: 'admin.adjust', before: 0, after: 1000 }).map(
        (n) => n.kind,
      ),
    ).toEqual(['points_credited', 'level_changed']);
  });
});
