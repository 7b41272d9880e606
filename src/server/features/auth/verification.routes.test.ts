import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema } from '../../../shared/api/auth.schema.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { setRoleByEmail } from '../admin/admin.service.ts';
import { createAgent, readLatestMail, signUpAgent } from './auth.test-support.ts';
import { createSession } from './session.service.ts';

const ATTACKER_PASSWORD = 'attacker-chose-this-1';
const OWNER_PASSWORD = 'owner-picks-another-2';
const DAY_MS = 24 * 60 * 60 * 1000;

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
    const { agent: attacker } = await signUpAgent(t.app, 'owner@example.com', ATTACKER_PASSWORD);
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
    await signUpAgent(t.app, 'asks@example.com');
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
    const { me } = await signUpAgent(t.app, 'race@example.com', ATTACKER_PASSWORD);
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
});
