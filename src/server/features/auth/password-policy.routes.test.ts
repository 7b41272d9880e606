import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, readLatestMail, signUpAgent, signUpUnverifiedAgent, waitForMail } from './auth.test-support.ts';
import { hashPassword } from './password.ts';

type FieldError = { field: string; message: string };

// ASVS 2.1: at least 12 characters, no composition rules, none of the 10,000 most common passwords; and a strength
// estimate of at least MIN_PASSWORD_SCORE (shared/password-strength.ts, the meter's own function).
describe('password policy (sign-up, reset, verification, change)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const signUp = (email: string, password: string, lang: 'zh' | 'en') =>
    createAgent(t.app).request({
      method: 'POST',
      url: `/api/auth/sign-up?lang=${lang}`,
      payload: { email, password, confirmPassword: password, acceptTerms: true },
    });
  const passwordError = (body: { error: { code: string; details?: unknown } }) =>
    (body.error.details as FieldError[] | undefined)?.find((issue) => issue.field === 'password')?.message;

  test('an 11-character password is refused as too short, in zh and en', async () => {
    const en = await signUp('short@example.com', 'abcdefghij1', 'en');
    const zh = await signUp('short@example.com', 'abcdefghij1', 'zh');

    expect(en.statusCode).toBe(400);
    expect(en.json().error.code).toBe('VALIDATION_FAILED');
    expect(passwordError(en.json())).toBe('Use at least 12 characters');
    expect(passwordError(zh.json())).toBe('密码至少需要 12 个字符');
  });

  test('12 characters without digits, capitals or symbols are enough (no composition rules)', async () => {
    expect((await signUp('letters@example.com', 'purple monkey', 'en')).statusCode).toBe(201);
    expect((await signUp('cjk@example.com', '我的密码不会是常见的密码', 'en')).statusCode).toBe(201);
  });

  test.each(['qwerty123456', '1qaz2wsx3edc', 'LeaveMeAlone'])(
    'a common password (%s) is refused on sign-up, in zh and en, and no account is created',
    async (password) => {
      const email = `common-${password.toLowerCase()}@example.com`; // one address each: sign-up is rate-limited
      const en = await signUp(email, password, 'en');
      const zh = await signUp(email, password, 'zh');
      const created = (await t.db.select().from(users)).filter((row) => row.email === email);

      expect(en.statusCode).toBe(400);
      expect(en.json().error.code).toBe('VALIDATION_FAILED');
      expect(passwordError(en.json())).toBe('This password is too common, please choose another');
      expect(en.json().error.message).toContain('This password is too common');
      expect(passwordError(zh.json())).toBe('该密码过于常见，请换一个');
      expect(created).toHaveLength(0);
    },
  );

  test('a reset to a common password is refused and leaves the link usable', async () => {
    await signUpAgent(t.app, 'reset-common@example.com');
    await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'reset-common@example.com' },
    });
    const { token } = await waitForMail(t.db, 'reset-common@example.com', 2);
    const confirm = (password: string) =>
      createAgent(t.app).request({
        method: 'POST',
        url: '/api/auth/password-reset/confirm?lang=en',
        payload: { token, password, confirmPassword: password },
      });

    const common = await confirm('qwerty123456');
    const good = await confirm('a much better passphrase');

    expect(common.statusCode).toBe(400);
    expect(passwordError(common.json())).toBe('This password is too common, please choose another');
    expect(good.statusCode).toBe(200);
  });

  test('an existing account with a shorter password still signs in (the rule applies when a password is chosen)', async () => {
    const passwordHash = await hashPassword('old-pass1');
    await t.db.insert(users).values({ email: 'legacy@example.com', passwordHash });

    const response = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'legacy@example.com', password: 'old-pass1' },
    });

    expect(response.statusCode).toBe(200);
  });

  const WEAK = ['aaaaaaaaaaaa', '123456789012', 'password1234', '111111111111', 'passwordpassword'];

  test.each(WEAK)(
    'a weak password (%s) is refused on sign-up as too weak, in zh and en; no account',
    async (password) => {
      const email = `weak-${password}@example.com`;
      // Its own address: the per-IP sign-up limit (20 a minute) is not what this test is about.
      const remoteAddress = `10.0.${WEAK.indexOf(password)}.1`;
      const send = (lang: 'zh' | 'en') =>
        createAgent(t.app).request({
          method: 'POST',
          url: `/api/auth/sign-up?lang=${lang}`,
          remoteAddress,
          payload: { email, password, confirmPassword: password, acceptTerms: true },
        });
      const en = await send('en');
      const zh = await send('zh');
      const created = (await t.db.select().from(users)).filter((row) => row.email === email);

      expect(en.statusCode).toBe(400);
      expect(en.json().error.code).toBe('VALIDATION_FAILED');
      // The three common ones are refused as common first (the more precise reason); the rest as too weak.
      expect(['Password is too weak', 'This password is too common, please choose another']).toContain(
        passwordError(en.json()),
      );
      expect(['密码强度太弱', '该密码过于常见，请换一个']).toContain(passwordError(zh.json()));
      expect(created).toHaveLength(0);
    },
  );

  test('a long password that is not on the common list but weak (aaaaaaaaaaaa) says "Password is too weak"', async () => {
    const response = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up?lang=en',
      remoteAddress: '10.1.0.1',
      payload: {
        email: 'repeat@example.com',
        password: 'aaaaaaaaaaaa',
        confirmPassword: 'aaaaaaaaaaaa',
        acceptTerms: true,
      },
    });

    expect(passwordError(response.json())).toBe('Password is too weak');
    expect(response.json().error.message).toBe('Invalid request: password: Password is too weak');
  });

  test("a password built on the account's own e-mail is too weak", async () => {
    const response = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-up?lang=en',
      remoteAddress: '10.1.0.2',
      payload: {
        email: 'margaretthatcher@example.com',
        password: 'margaretthatcher1',
        confirmPassword: 'margaretthatcher1',
        acceptTerms: true,
      },
    });

    expect(passwordError(response.json())).toBe('Password is too weak');
  });

  test('reset, verification with a password and password change refuse a weak password and change nothing', async () => {
    const { agent } = await signUpAgent(t.app, 'weak-change@example.com');
    await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'weak-change@example.com' },
    });
    const { token: resetToken } = await waitForMail(t.db, 'weak-change@example.com', 2);
    await signUpUnverifiedAgent(t.app, 'weak-verify@example.com');
    const { token: verifyToken } = await readLatestMail(t.db, 'weak-verify@example.com');
    const weak = '123456789012';

    const reset = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm?lang=en',
      payload: { token: resetToken, password: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' },
    });
    const verify = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/verify-email?lang=zh',
      payload: { token: verifyToken, password: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' },
    });
    const change = await agent.request({
      method: 'POST',
      url: '/api/me/password?lang=en',
      payload: { currentPassword: 'correct-horse-1', newPassword: weak },
    });
    const [verifyUser] = (await t.db.select().from(users)).filter((row) => row.email === 'weak-verify@example.com');
    const oldStillWorks = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'weak-change@example.com', password: 'correct-horse-1' },
    });

    expect(reset.statusCode).toBe(400);
    expect(passwordError(reset.json())).toBe('Password is too weak');
    expect(verify.statusCode).toBe(400);
    expect(passwordError(verify.json())).toBe('密码强度太弱');
    expect(verifyUser?.emailVerifiedAt).toBeNull();
    expect(change.statusCode).toBe(400);
    expect(change.json().error.code).toBe('VALIDATION_FAILED');
    expect(oldStillWorks.statusCode).toBe(200);
  });
});
