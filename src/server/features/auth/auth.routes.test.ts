import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MeResponseSchema, SessionResponseSchema } from '../../../shared/api/auth.schema.ts';
import { userProfiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAgent, TEST_PASSWORD } from './auth.test-support.ts';
import { setPasswordHashCost } from './password.ts';

type FieldError = { field: string; message: string };

describe('auth: e-mail and password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, lang: 'zh' | 'en') =>
    createAgent(t.app).request({ method: 'POST', url: `${url}?lang=${lang}`, payload: payload as object });

  const fieldErrors = (body: { error: { details?: unknown } }) =>
    Object.fromEntries((body.error.details as FieldError[]).map((issue) => [issue.field, issue.message]));

  test.each([
    {
      name: 'every field missing',
      url: '/api/auth/sign-up',
      payload: {},
      en: {
        email: 'email is required',
        password: 'password is required',
        confirmPassword: 'This field is required',
        acceptTerms: 'please agree to the terms first',
      },
      zh: {
        email: '请输入邮箱',
        password: '请输入密码',
        confirmPassword: '此字段为必填项',
        acceptTerms: '请先同意服务条款',
      },
    },
    {
      name: 'empty strings and unticked terms',
      url: '/api/auth/sign-up',
      payload: { email: '  ', password: '', confirmPassword: '', acceptTerms: false },
      en: {
        email: 'email is required',
        password: 'password is required',
        confirmPassword: 'This field is required',
        acceptTerms: 'please agree to the terms first',
      },
      zh: {
        email: '请输入邮箱',
        password: '请输入密码',
        confirmPassword: '此字段为必填项',
        acceptTerms: '请先同意服务条款',
      },
    },
    {
      name: 'bad e-mail, short password, mismatch',
      url: '/api/auth/sign-up',
      payload: { email: 'not-an-email', password: 'abcdefgh', confirmPassword: 'abcdefgX', acceptTerms: true },
      en: {
        email: 'Invalid email format',
        password: 'Use at least 12 characters',
        confirmPassword: 'Passwords do not match',
      },
      zh: { email: '邮箱格式无效', password: '密码至少需要 12 个字符', confirmPassword: '两次输入的密码不一致' },
    },
    {
      name: 'over-long values and wrong types',
      url: '/api/auth/sign-up',
      payload: { email: 42, password: `a1${'x'.repeat(200)}`, confirmPassword: 'x', acceptTerms: true },
      en: { email: 'Invalid format', password: 'Too long' },
      zh: { email: '格式无效', password: '太长' },
    },
    {
      name: 'sign-in without credentials',
      url: '/api/auth/sign-in',
      payload: {},
      en: { email: 'email is required', password: 'password is required' },
      zh: { email: '请输入邮箱', password: '请输入密码' },
    },
    {
      name: 'reset confirmation without a token',
      url: '/api/auth/password-reset/confirm',
      payload: { password: 'short', confirmPassword: 'short' },
      en: { token: 'This field is required', password: 'Use at least 12 characters' },
      zh: { token: '此字段为必填项', password: '密码至少需要 12 个字符' },
    },
  ])('400 VALIDATION_FAILED with the spec messages: $name', async ({ url, payload, en, zh }) => {
    const [resEn, resZh] = [await post(url, payload, 'en'), await post(url, payload, 'zh')];

    expect(resEn.statusCode).toBe(400);
    expect(resEn.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(resEn.json())).toMatchObject(en);
    expect(resEn.json().error.message).toContain(Object.values(en)[0]);
    expect(fieldErrors(resZh.json())).toMatchObject(zh);
  });

  test('sign-up → /api/me → sign-out → sign-in → /api/me', async () => {
    const agent = createAgent(t.app);
    const email = 'Alice@Example.com';

    const signUp = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, acceptTerms: true },
    });
    const me1 = await agent.request({ method: 'GET', url: '/api/me' });
    const signOut = await agent.request({ method: 'POST', url: '/api/auth/sign-out' });
    const meAfterSignOut = await agent.request({ method: 'GET', url: '/api/me?lang=en' });
    const signIn = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'alice@example.com', password: TEST_PASSWORD },
    });
    const me2 = await agent.request({ method: 'GET', url: '/api/me' });

    expect(signUp.statusCode).toBe(201);
    const created = MeResponseSchema.parse(signUp.json());
    expect(created.user).toMatchObject({ email: 'alice@example.com', role: 'user', emailVerified: false });
    expect(created.membership).toEqual({ level: 'free', actualLevel: 'free', testLevel: null, plan: null });
    expect(created.profile).toMatchObject({
      points: 0,
      tasksCompleted: 0,
      dailyAdsWatched: 0,
    });
    const sessionCookie = signUp.cookies.find((c) => c.name === 'hr_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie?.secure).toBeFalsy(); // test config: no https APP_URL
    expect(me1.statusCode).toBe(200);
    expect(MeResponseSchema.parse(me1.json()).user.id).toBe(created.user.id);
    expect(signOut.statusCode).toBe(200);
    expect(meAfterSignOut.statusCode).toBe(200);
    expect(meAfterSignOut.json()).toEqual({ user: null });
    expect(signIn.statusCode).toBe(200);
    const me = MeResponseSchema.parse(me2.json());
    expect(me.user.id).toBe(created.user.id);
    expect(me.profile.joinedAt).toBe(created.profile.joinedAt);
    const profiles = await t.db.select().from(userProfiles).where(eq(userProfiles.id, created.user.id));
    expect(profiles).toHaveLength(1);
  });

  test('sign-out ends the session on the server, not only in the browser', async () => {
    const { agent } = await signUpAgent(t.app, 'bob@example.com');
    const stolenCookie = agent.cookies.get('hr_session');

    await agent.request({ method: 'POST', url: '/api/auth/sign-out' });
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me?lang=en',
      cookies: { hr_session: stolenCookie ?? '' },
    });

    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'Session expired, please sign in again',
    });
  });

  test('signing in again in the same browser ends the session it had (no session left behind)', async () => {
    const { agent } = await signUpAgent(t.app, 'twice@example.com');
    const before = agent.cookies.get('hr_session') ?? '';

    await agent.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'twice@example.com', password: TEST_PASSWORD },
    });
    const old = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { hr_session: before } });
    const current = await agent.request({ method: 'GET', url: '/api/me' });

    expect(agent.cookies.get('hr_session')).not.toBe(before);
    expect(old.json().error.code).toBe('SESSION_EXPIRED');
    expect(current.statusCode).toBe(200);
  });

  test.each([
    { name: 'a wrong password', email: 'carol@example.com', password: 'wrong-password-1' },
    { name: 'an unknown e-mail', email: 'nobody@example.com', password: TEST_PASSWORD },
  ])('sign-in with $name answers the same 401 INVALID_CREDENTIALS', async ({ email, password }) => {
    await signUpAgent(t.app, 'carol@example.com').catch(() => undefined);

    const [zh, en] = await Promise.all(
      ['zh', 'en'].map((lang) =>
        createAgent(t.app).request({
          method: 'POST',
          url: `/api/auth/sign-in?lang=${lang}`,
          payload: { email, password },
        }),
      ),
    );

    expect(zh?.statusCode).toBe(401);
    expect(zh?.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: '用户名或密码错误' });
    expect(en?.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    expect(zh?.cookies.find((c) => c.name === 'hr_session')).toBeUndefined();
  });

  test('a second sign-up with the same e-mail fails without saying why (409 ACCOUNT_CREATION_FAILED)', async () => {
    await signUpAgent(t.app, 'dave@example.com');

    const again = await post(
      '/api/auth/sign-up',
      { email: 'DAVE@example.com', password: 'another-pass-22', confirmPassword: 'another-pass-22', acceptTerms: true },
      'en',
    );
    const againZh = await post(
      '/api/auth/sign-up',
      { email: 'dave@example.com', password: 'another-pass-22', confirmPassword: 'another-pass-22', acceptTerms: true },
      'zh',
    );

    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'ACCOUNT_CREATION_FAILED', message: 'Account creation failed' });
    expect(againZh.json().error.message).toBe('账户创建失败');
    const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'dave@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('the password is stored as an scrypt hash at the production cost, never in clear', async () => {
    setPasswordHashCost('standard');
    await signUpAgent(t.app, 'erin@example.com').finally(() => setPasswordHashCost('test'));

    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'erin@example.com'));

    expect(row?.hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(row?.hash).not.toContain(TEST_PASSWORD);
  });

  test('GET /api/auth/providers lists only configured OAuth providers (none here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });

    expect(res.json()).toEqual({ password: true, oauth: [] });
  });

  test('GET /api/me for a visitor is 200 { user: null } (an answer, not an error) and hands out the CSRF cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });

    expect(res.statusCode).toBe(200);
    expect(SessionResponseSchema.parse(res.json())).toEqual({ user: null });
    expect(res.cookies.find((c) => c.name === 'hr_csrf')?.value).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a route that needs a user still answers a visitor 401 UNAUTHORIZED in zh by default', async () => {
    const res = await createAgent(t.app).request({ method: 'POST', url: '/api/auth/verify-email/resend' });

    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHORIZED', message: '未授权访问' });
  });
});
