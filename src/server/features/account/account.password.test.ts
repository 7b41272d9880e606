import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema } from '../../../shared/api/auth.schema.ts';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';

const NEW_PASSWORD = 'another-horse-battery-9';

describe('account routes: password change and sign out everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const patchProfile = (agent: Agent, payload: unknown, lang = 'en') =>
    agent.request({ method: 'PATCH', url: `/api/me/profile?lang=${lang}`, payload: payload as object });
  const signIn = (agent: Agent, email: string, password: string) =>
    agent.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const me = async (agent: Agent) => agent.request({ method: 'GET', url: '/api/me' });

  test('changing the password ends every other session, keeps this one, and the new password signs in', async () => {
    const email = 'acc-password@example.com';
    const { agent } = await signUpAgent(t.app, email);
    const other = createAgent(t.app);
    expect((await signIn(other, email, TEST_PASSWORD)).statusCode).toBe(200);

    const res = await agent.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });

    expect(res.statusCode).toBe(200);
    expect(MeResponseSchema.parse(res.json()).user.email).toBe(email);
    expect(res.body).not.toContain(NEW_PASSWORD);
    expect((await me(agent)).json().user?.email).toBe(email); // re-issued: this browser stays signed in
    expect((await me(other)).statusCode).toBe(401); // the other browser's session has ended
    const userId = res.json().user.id as string;
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
    // The re-issued session writes with its new CSRF token.
    expect((await patchProfile(agent, { name: 'After' })).statusCode).toBe(200);
    expect((await signIn(createAgent(t.app), email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(createAgent(t.app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('a wrong or missing current password, or a weak new one, is refused and changes nothing', async () => {
    const email = 'acc-password-bad@example.com';
    const { agent } = await signUpAgent(t.app, email);
    const send = (payload: unknown) =>
      agent.request({ method: 'POST', url: '/api/me/password?lang=en', payload: payload as object });

    const wrong = await send({ currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD });
    const missing = await send({ newPassword: NEW_PASSWORD });
    const short = await send({ currentPassword: TEST_PASSWORD, newPassword: 'short' });
    const common = await send({ currentPassword: TEST_PASSWORD, newPassword: 'qwerty123456' });
    const types = await send({ currentPassword: 1, newPassword: { a: 1 } });
    const huge = await send({ currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(100_000) });
    const nul = await send({ currentPassword: TEST_PASSWORD, newPassword: 'abcdefghijkl\u0000m' });

    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_INVALID',
      message: 'The current password is incorrect',
    });
    expect(missing.json().error.code).toBe('CURRENT_PASSWORD_INVALID');
    expect(short.statusCode).toBe(400);
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toContain('too common');
    for (const res of [types, huge, nul]) expect(res.statusCode).toBe(400);
    expect((await me(agent)).json().user.email).toBe(email);
    expect((await signIn(createAgent(t.app), email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('password checks are limited per user: guessing the current password hits 429', async () => {
    const { agent } = await signUpAgent(t.app, 'acc-guess@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await agent.request({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: `guess-number-${i}`, newPassword: NEW_PASSWORD },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 403)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  test('sign out everywhere ends every session, this one included, and clears the cookie', async () => {
    const email = 'acc-everywhere@example.com';
    const { agent, me: signedUp } = await signUpAgent(t.app, email);
    const other = createAgent(t.app);
    await signIn(other, email, TEST_PASSWORD);
    const bystander = await signUpAgent(t.app, 'acc-bystander@example.com');

    const res = await agent.request({ method: 'POST', url: '/api/me/sign-out-everywhere' });

    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'hr_session')?.value).toBe('');
    expect((await me(agent)).json().user).toBeNull(); // the cookie is gone: a visitor
    expect((await me(other)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, signedUp.user.id))).toHaveLength(0);
    expect((await me(bystander.agent)).json().user.email).toBe('acc-bystander@example.com'); // another user: untouched
    expect((await signIn(createAgent(t.app), email, TEST_PASSWORD)).statusCode).toBe(200); // the password still works
  });
});
