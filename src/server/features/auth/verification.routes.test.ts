import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema } from '../../../shared/api/auth.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { setRoleByEmail } from '../admin/admin.service.ts';
import { createAgent, readLatestMail, signUpAgent, signUpUnverifiedAgent } from './auth.test-support.ts';
import { createSession } from './session.service.ts';

const ATTACKER_PASSWORD = 'attacker-chose-this-1';
const OWNER_PASSWORD = 'owner-picks-another-2';

describe('pre-registered addresses: verifying hands the account to the mailbox owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { ADMIN_EMAILS: 'owner@example.com' } });
  });
  afterAll(() => t.close());

  const verify = (payload: Record<string, string>) =>
    createAgent(t.app).request({ method: 'POST', url: '/api/auth/verify-email?lang=en', payload });
  const signIn = (email: string, password: string) =>
    createAgent(t.app).request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

  test('an attacker who signed up with a listed admin address loses the session and the password when the owner verifies', async () => {
    const { agent: attacker } = await signUpUnverifiedAgent(t.app, 'owner@example.com', ATTACKER_PASSWORD);
    const { token } = await readLatestMail(t.db, 'owner@example.com'); // arrives in the real owner's inbox

    const verified = await verify({ token: token ?? '', password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD });
    const attackerStats = await attacker.request({ method: 'GET', url: '/api/admin/stats' });
    const attackerMe = await attacker.request({ method: 'GET', url: '/api/me' });
    const attackerAgain = await signIn('owner@example.com', ATTACKER_PASSWORD);
    const owner = createAgent(t.app);
    const ownerIn = await owner.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'owner@example.com', password: OWNER_PASSWORD },
    });
    const ownerStats = await owner.request({ method: 'GET', url: '/api/admin/stats' });

    expect(verified.statusCode).toBe(200);
    expect([401, 403]).toContain(attackerStats.statusCode);
    expect(attackerMe.json()).toEqual({ user: null }); // the first answer ended the session and cleared the cookie
    expect(attackerAgain.statusCode).toBe(401);
    expect(ownerIn.statusCode).toBe(200);
    expect(MeResponseSchema.parse(ownerIn.json()).user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(ownerStats.statusCode).toBe(200);
  });

  test('an unverified address cannot be verified without choosing a password; the link still works afterwards', async () => {
    await signUpUnverifiedAgent(t.app, 'asks@example.com');
    const { token } = await readLatestMail(t.db, 'asks@example.com');

    const bare = await verify({ token: token ?? '' });
    const mismatch = await verify({ token: token ?? '', password: OWNER_PASSWORD, confirmPassword: 'other-pass-33' });
    const withPassword = await verify({
      token: token ?? '',
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });

    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toEqual({
      code: 'NEW_PASSWORD_REQUIRED',
      message: 'Choose a password to finish verifying this e-mail address',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(withPassword.statusCode).toBe(200);
  });

  test('a session opened with the old credentials is refused even if it escaped the clean-up (epoch check)', async () => {
    const { me } = await signUpUnverifiedAgent(t.app, 'race@example.com', ATTACKER_PASSWORD);
    const { token } = await readLatestMail(t.db, 'race@example.com');
    const [before] = await t.db.select().from(users).where(eq(users.email, 'race@example.com'));

    await verify({ token: token ?? '', password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD });
    // Stands for a sign-in that checked the old password a moment before the owner verified, and wrote its session
    // just after the clean-up: it carries the epoch it read with the old password.
    const late = await createSession(t.db, { id: me.user.id, authEpoch: before?.authEpoch ?? 0 }, {}, new Date(), {
      slidingMs: DAY_MS,
      absoluteMs: DAY_MS,
    });
    const lateMe = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { hr_session: late.token } });

    expect(lateMe.statusCode).toBe(401);
    expect(lateMe.json().error.code).toBe('SESSION_EXPIRED');
  });

  test('a role change (the admin CLI) ends the sessions opened before it', async () => {
    const { agent } = await signUpAgent(t.app, 'promoted@example.com');

    await setRoleByEmail(t.db, 'promoted@example.com', 'admin', new Date());
    const cookie = agent.cookies.get('hr_session') ?? '';
    const oldMe = await agent.request({ method: 'GET', url: '/api/me' });
    const old = await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: { hr_session: cookie } });

    expect(old.statusCode).toBe(401); // the old session is over: signed out
    expect(oldMe.json().error.code).toBe('SESSION_EXPIRED');
  });

  const check = (agent: ReturnType<typeof createAgent>, token: string) =>
    agent.request({ method: 'POST', url: '/api/auth/verify-email/check?lang=en', payload: { token } });

  test('followed in the session that signed up, the link verifies in one click and every session stays', async () => {
    const { agent, me } = await signUpUnverifiedAgent(t.app, 'one-click@example.com', OWNER_PASSWORD);
    const laptop = createAgent(t.app);
    await laptop.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'one-click@example.com', password: OWNER_PASSWORD },
    });
    const { token = '' } = await readLatestMail(t.db, 'one-click@example.com');
    const csrfBefore = me.csrfToken;

    const asked = await check(agent, token);
    const verified = await agent.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const meAfter = await agent.request({ method: 'GET', url: '/api/me' });
    const laptopMe = await laptop.request({ method: 'GET', url: '/api/me' });
    const again = await agent.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ passwordRequired: false });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = MeResponseSchema.parse(meAfter.json());
    expect(session.user).toMatchObject({ email: 'one-click@example.com', emailVerified: true, hasPassword: true });
    expect(session.csrfToken).toBe(csrfBefore); // the same session, not a new one
    expect(MeResponseSchema.parse(laptopMe.json()).user.emailVerified).toBe(true); // no session was ended
    expect(again.json().error.code).toBe('EMAIL_VERIFICATION_FAILED'); // once
  });

  test("followed without a session, or in another account's, it asks for the password (nothing fails first)", async () => {
    await signUpUnverifiedAgent(t.app, 'elsewhere@example.com');
    const { agent: stranger } = await signUpAgent(t.app, 'stranger@example.com');
    const { token = '' } = await readLatestMail(t.db, 'elsewhere@example.com');

    const noCookie = await check(createAgent(t.app), token);
    const otherUser = await check(stranger, token);
    const bareInOther = await stranger.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'elsewhere@example.com'));
    const stillLive = await check(createAgent(t.app), token);

    expect(noCookie.json()).toEqual({ passwordRequired: true });
    expect(otherUser.json()).toEqual({ passwordRequired: true });
    expect(bareInOther.json().error.code).toBe('NEW_PASSWORD_REQUIRED');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(stillLive.statusCode).toBe(200); // asking spends nothing
  });

  test('a bad link is one refusal (400 EMAIL_VERIFICATION_FAILED) in the request language', async () => {
    const res = await check(createAgent(t.app), 'not-a-real-token');

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'EMAIL_VERIFICATION_FAILED', message: 'Email verification failed' });
  });

  test('a listed admin address verified in one click gets the role and stays signed in (a re-issued session)', async () => {
    const local = await buildTestApp({ catalogue: false, env: { ADMIN_EMAILS: 'chief@example.com' } });
    try {
      const { agent } = await signUpUnverifiedAgent(local.app, 'chief@example.com', OWNER_PASSWORD);
      const { token = '' } = await readLatestMail(local.db, 'chief@example.com');

      const verified = await agent.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      const stats = await agent.request({ method: 'GET', url: '/api/admin/stats' });
      const me = MeResponseSchema.parse((await agent.request({ method: 'GET', url: '/api/me' })).json());

      expect(verified.statusCode).toBe(200);
      expect(me.user).toMatchObject({ role: 'admin', emailVerified: true });
      expect(stats.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
