import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAgent, waitForMail } from './auth.test-support.ts';
import { hashPassword } from './password.ts';

type FieldError = { field: string; message: string };

// ASVS 2.1: at least 12 characters, no composition rules, none of the 10,000 most common passwords.
describe('password policy (sign-up and reset)', () => {
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
});
