import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { buildApp } from '../../app.ts';
import { sessions, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAgent, TEST_PASSWORD } from './auth.test-support.ts';
import { createSession, resolveSession, SESSION_RENEW_INTERVAL_MS } from './session.service.ts';
import { hashToken } from './tokens.ts';

describe('sessions, CSRF and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('an expired session answers 401 SESSION_EXPIRED, clears the cookie and is deleted', async () => {
    const { agent } = await signUpAgent(t.app, 'expiring@example.com');
    const sessionId = hashToken(agent.cookies.get('hr_session') ?? '');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));

    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { hr_session: agent.cookies.get('hr_session')! },
    });
    const en = await agent.request({ method: 'GET', url: '/api/me?lang=en' });

    expect(zh.statusCode).toBe(401);
    expect(zh.json().error).toEqual({ code: 'SESSION_EXPIRED', message: '会话已过期，请重新登录' });
    expect(en.json().error.message).toBe('Session expired, please sign in again');
    expect(zh.cookies.find((c) => c.name === 'hr_session')?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
  });

  test('sliding expiry with an injected clock: renewed after an hour of use, expired after the TTL of silence', async () => {
    const { me } = await signUpAgent(t.app, 'clock@example.com');
    const ttl = 30 * DAY_MS;
    const lifetime = { slidingMs: ttl, absoluteMs: 10 * ttl }; // the absolute bound has its own test
    const t0 = new Date('2030-01-01T00:00:00Z');
    const { token, expiresAt } = await createSession(t.db, { id: me.user.id, authEpoch: 0 }, {}, t0, lifetime);

    const soon = await resolveSession(t.db, token, new Date(t0.getTime() + 10 * 60 * 1000), lifetime);
    const later = new Date(t0.getTime() + SESSION_RENEW_INTERVAL_MS + 1);
    const renewed = await resolveSession(t.db, token, later, lifetime);
    const justBefore = await resolveSession(t.db, token, new Date(later.getTime() + ttl - 1), lifetime);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, me.user.id));
    const afterSilence = await resolveSession(t.db, token, new Date(later.getTime() + 2 * ttl), lifetime);

    expect(expiresAt.getTime()).toBe(t0.getTime() + ttl);
    expect(soon).toMatchObject({ status: 'valid', renewed: false });
    expect(renewed.status === 'valid' && renewed.session.expiresAt.getTime()).toBe(later.getTime() + ttl);
    expect(justBefore.status).toBe('valid');
    expect(profile?.lastActive.getTime()).toBeGreaterThanOrEqual(later.getTime()); // last_active follows use
    expect(afterSilence.status).toBe('expired');
  });

  test('signing in clears expired sessions of that user (housekeeping without a job)', async () => {
    const { me } = await signUpAgent(t.app, 'tidy@example.com');
    const stale = await createSession(t.db, { id: me.user.id, authEpoch: 0 }, {}, new Date('2020-01-01T00:00:00Z'), {
      slidingMs: DAY_MS,
      absoluteMs: DAY_MS,
    });

    await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'tidy@example.com', password: TEST_PASSWORD },
    });

    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(stale.token)));
    expect(rows).toHaveLength(0);
  });

  test.each([
    { name: 'no header', header: undefined },
    { name: 'a wrong token', header: 'x'.repeat(43) },
  ])('a state-changing request with a session and $name is refused with 403 CSRF_INVALID', async ({ header }) => {
    const { agent } = await signUpAgent(t.app, `csrf-${header ? 'wrong' : 'none'}@example.com`);

    const res = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-out?lang=en',
      csrf: false,
      headers: header ? { 'x-csrf-token': header } : {},
    });
    const stillSignedIn = await agent.request({ method: 'GET', url: '/api/me' });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
    expect(res.json().error.message).toMatch(/^Access forbidden/);
    expect(stillSignedIn.statusCode).toBe(200);
  });

  test('sign-in is CSRF-protected too (no forged sign-in into an attacker account)', async () => {
    await signUpAgent(t.app, 'victim-csrf@example.com');

    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      csrf: false,
      payload: { email: 'victim-csrf@example.com', password: TEST_PASSWORD },
    });

    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'CSRF_INVALID' });
  });

  test('the session token rotates the CSRF token: the anonymous one stops working after sign-in', async () => {
    const agent = createAgent(t.app);
    const anonymous = await agent.csrf();
    await agent.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'rotate@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });

    const withOld = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      csrf: false,
      headers: { 'x-csrf-token': anonymous },
    });

    expect(agent.cookies.get('hr_csrf')).not.toBe(anonymous);
    expect(withOld.statusCode).toBe(403);
  });

  test('the 11th bad password for one account within a minute is refused with 429 RATE_LIMITED', async () => {
    await signUpAgent(t.app, 'target@example.com');
    const attempt = (password: string, ip: string) =>
      createAgent(t.app).request({
        method: 'POST',
        url: '/api/auth/sign-in?lang=en',
        remoteAddress: ip,
        payload: { email: 'target@example.com', password },
      });

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(`wrong-${i}-pass`, `10.0.0.${i + 1}`)).statusCode);
    const eleventh = await attempt('wrong-11-pass', '10.0.1.1');
    const rightPasswordTooSoon = await attempt(TEST_PASSWORD, '10.0.1.2');
    const otherAccount = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.0.1.3',
      payload: { email: 'someone-else@example.com', password: 'whatever-1' },
    });

    expect(statuses).toEqual(Array(10).fill(401));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again later',
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(rightPasswordTooSoon.statusCode).toBe(429);
    expect(otherAccount.statusCode).toBe(401); // the limit is per account (and per IP), not global
  });

  test('the limit holds across app instances sharing one database (counters live in auth_rate_limits)', async () => {
    await signUpAgent(t.app, 'cluster@example.com');
    const second = await buildApp(
      { config: t.config, db: t.db, dbKind: t.handle.kind, events: t.events, cache: t.cache },
      { logger: false },
    );
    const attempt = (app: typeof t.app, i: number) =>
      createAgent(app).request({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: `10.2.0.${i}`,
        payload: { email: 'cluster@example.com', password: `wrong-${i}-pass` },
      });

    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await attempt(i % 2 ? t.app : second, i)).statusCode);
    const eleventh = await attempt(second, 11);
    await second.close();

    expect(statuses).toEqual(Array(10).fill(401));
    expect(eleventh.statusCode).toBe(429);
  });

  test('one IP is limited across accounts too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await createAgent(t.app).request({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '10.9.9.9',
        payload: { email: `spray-${i}@example.com`, password: 'wrong-pass-1' },
      });
      statuses.push(res.statusCode);
    }

    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
