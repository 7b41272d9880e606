import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, readLatestMail, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';
import { applyReferral } from './referral.service.ts';
import { ledgerRows } from './tasks.test-support.ts';

describe('referrals: a verified invitee earns the referrer achievement.invite_friend once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const tasksOf = async (agent: Agent) =>
    (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>();
  const signUpWithCode = async (email: string, referralCode: unknown) => {
    const agent = createAgent(t.app);
    const response = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, acceptTerms: true, referralCode },
    });
    return { agent, response };
  };
  const verify = async (email: string) => {
    const { token } = await readLatestMail(t.db, email);
    const response = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token, password: 'new-horse-battery-9', confirmPassword: 'new-horse-battery-9' },
    });
    expect(response.statusCode).toBeLessThan(300);
  };

  test('sign-up with the code, then verification, credits the referrer 100 once; a second friend adds nothing', async () => {
    const { agent: referrer, me } = await signUpAgent(t.app, 'referrer@example.com');
    const { code } = (await tasksOf(referrer)).referral;

    const friend = await signUpWithCode('friend-1@example.com', code.toLowerCase()); // a code typed in lower case
    const before = await tasksOf(referrer);
    await verify('friend-1@example.com');
    const after = await tasksOf(referrer);
    await signUpWithCode('friend-2@example.com', code);
    await verify('friend-2@example.com');
    const claimAgain = await referrer.request({
      method: 'POST',
      url: '/api/tasks/claim',
      payload: { key: 'achievement.invite_friend' },
    });

    expect(friend.response.statusCode).toBe(201);
    expect(before.referral).toMatchObject({ code, signedUp: 1, verified: 0 });
    expect(before.tasks.find((x) => x.key === 'achievement.invite_friend')?.state).toBe('pending');
    expect(after.referral).toMatchObject({ signedUp: 1, verified: 1 });
    expect(after.tasks.find((x) => x.key === 'achievement.invite_friend')?.state).toBe('completed');
    expect(claimAgain.json().error.code).toBe('TASK_ALREADY_DONE');
    const rows = await ledgerRows(t.db, me.user!.id);
    expect(rows.map((r) => [r.reason, r.pointsChange])).toEqual([['referral.signup', 100]]);
    expect((await tasksOf(referrer)).referral).toMatchObject({ signedUp: 2, verified: 2 });
  });

  test('an unknown or malformed-but-short code never blocks sign-up; a wrong type is a 400', async () => {
    const unknown = await signUpWithCode('typo@example.com', 'NOPE1234');
    const blank = await signUpWithCode('blank@example.com', '');
    const wrongType = await signUpWithCode('wrong-type@example.com', 42);

    expect(unknown.response.statusCode).toBe(201);
    expect(blank.response.statusCode).toBe(201);
    expect(wrongType.response.statusCode).toBe(400);
    const [row] = await t.db
      .select({ referredBy: userProfiles.referredBy })
      .from(userProfiles)
      .where(eq(userProfiles.email, 'typo@example.com'));
    expect(row?.referredBy).toBeNull();
  });

  test('a user is never their own referrer, and a referrer is never replaced', async () => {
    const { agent: a, me } = await signUpAgent(t.app, 'self@example.com');
    const { agent: b } = await signUpAgent(t.app, 'other-referrer@example.com');
    const userId = me.user!.id;
    const own = (await tasksOf(a)).referral.code;
    const other = (await tasksOf(b)).referral.code;

    await applyReferral(t.db, userId, own);
    const afterSelf = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    const refused = await t.db
      .update(userProfiles)
      .set({ referredBy: userId })
      .where(eq(userProfiles.id, userId))
      .catch((error: unknown) => error);
    await applyReferral(t.db, userId, other);
    const second = (await signUpAgent(t.app, 'third-referrer@example.com')).agent;
    await applyReferral(t.db, userId, (await tasksOf(second)).referral.code);
    const [final] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));

    expect(afterSelf[0]?.referredBy).toBeNull();
    expect(refused).toBeInstanceOf(Error); // the database check refuses it too
    expect(final?.referredBy).not.toBeNull();
    expect(final?.referredBy).not.toBe(userId);
    const [bProfile] = await t.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.referralCode, other));
    expect(final?.referredBy).toBe(bProfile?.id);
    expect((await tasksOf(a)).referral.code).toBe(own); // stable once made
  });
});
