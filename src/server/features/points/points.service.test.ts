import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pointsHistory, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { selectLedgerSummary } from './points.queries.ts';
import { changePoints, creditPoints, debitPoints } from './points.service.ts';

describe('points ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const newUser = async (email: string) => (await signUpAgent(t.app, email)).me.user!.id;
  const balanceOf = async (userId: string) =>
    (await t.db.select({ points: userProfiles.points }).from(userProfiles).where(eq(userProfiles.id, userId)))[0]!
      .points;
  const ledgerOf = (userId: string) => t.db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId));

  /** The invariant: balance = sum of the ledger = the last row's current_total. */
  async function expectConsistent(userId: string) {
    const balance = await balanceOf(userId);
    const { sum, lastTotal } = await selectLedgerSummary(t.db, userId);
    expect(sum).toBe(balance);
    expect(lastTotal).toBe(balance);
    return balance;
  }

  test('credit then debit: balance and ledger move together, each row carries the resulting total', async () => {
    const user = await newUser('ledger@example.com');
    const credit = await creditPoints(t.db, { userId: user, amount: 50, reason: 'task.daily' });
    const debit = await debitPoints(t.db, { userId: user, amount: 20, reason: 'admin.adjust' });

    expect(credit).toMatchObject({ applied: true, balance: 50 });
    expect(credit.entry).toMatchObject({ pointsChange: 50, reason: 'task.daily', currentTotal: 50 });
    expect(debit).toMatchObject({ applied: true, balance: 30 });
    expect(debit.entry).toMatchObject({ pointsChange: -20, reason: 'admin.adjust', currentTotal: 30 });
    expect(await expectConsistent(user)).toBe(30);
    expect(await ledgerOf(user)).toHaveLength(2);
  });

  test('a debit larger than the balance is refused with INSUFFICIENT_POINTS and writes nothing', async () => {
    const user = await newUser('overdraft@example.com');
    await creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch' });

    await expect(debitPoints(t.db, { userId: user, amount: 11, reason: 'admin.adjust' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      params: { balance: 10, needed: 11 },
    });
    expect(await balanceOf(user)).toBe(10); // not clamped to 0
    expect(await ledgerOf(user)).toHaveLength(1);
    expect(await expectConsistent(user)).toBe(10);
  });

  test('a zero, fractional or huge change is refused', async () => {
    const user = await newUser('badchange@example.com');
    for (const change of [0, 1.5, 1_000_001, Number.NaN]) {
      await expect(changePoints(t.db, { userId: user, change, reason: 'admin.adjust' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await ledgerOf(user)).toHaveLength(0);
  });

  test('the same idempotency key credits once, also when both arrive together; keys are per user', async () => {
    const user = await newUser('idem@example.com');
    const other = await newUser('idem-other@example.com');
    const first = await creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch', idempotencyKey: 'ad:1' });
    const again = await creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch', idempotencyKey: 'ad:1' });
    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        creditPoints(t.db, { userId: user, amount: 10, reason: 'ad.watch', idempotencyKey: 'ad:2' }),
      ),
    );
    const otherUser = await creditPoints(t.db, {
      userId: other,
      amount: 10,
      reason: 'ad.watch',
      idempotencyKey: 'ad:1',
    });

    expect(first.applied).toBe(true);
    expect(again).toMatchObject({ applied: false, balance: 10 });
    expect(again.entry.id).toBe(first.entry.id);
    expect(together.filter((r) => r.applied)).toHaveLength(1);
    expect(otherUser.applied).toBe(true);
    expect(await expectConsistent(user)).toBe(20);
    expect(await ledgerOf(user)).toHaveLength(2);
    expect(await expectConsistent(other)).toBe(10);
  });

  test('50 parallel debits of 10 against 200: exactly 20 succeed, balance 0, 20 debit rows', async () => {
    const user = await newUser('race@example.com');
    await creditPoints(t.db, { userId: user, amount: 200, reason: 'admin.adjust' });

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => debitPoints(t.db, { userId: user, amount: 10, reason: 'admin.adjust' })),
    );

    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'INSUFFICIENT_POINTS',
    );
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect(await expectConsistent(user)).toBe(0);
    const rows = await ledgerOf(user);
    expect(rows.filter((r) => r.pointsChange === -10)).toHaveLength(20);
    expect(new Set(rows.map((r) => r.currentTotal)).size).toBe(21); // 200, 190, …, 0: each total once
  });

  test('the database itself refuses a negative balance (check constraint)', async () => {
    const user = await newUser('check@example.com');
    await expect(t.db.update(userProfiles).set({ points: -1 }).where(eq(userProfiles.id, user))).rejects.toThrow();
  });

  test('a user without a profile gets NOT_FOUND and nothing is written', async () => {
    await expect(
      creditPoints(t.db, { userId: '00000000-0000-4000-8000-000000000000', amount: 5, reason: 'admin.adjust' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
