import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAdmin, signUpAgent, TEST_PASSWORD } from './auth.test-support.ts';
import { createSession, getSessionLifetime, resolveSession, SESSION_RENEW_INTERVAL_MS } from './session.service.ts';

describe('sessions over plain http (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a session in daily use still ends at the absolute lifetime (SESSION_MAX_AGE_DAYS, default 30)', async () => {
    const { me } = await signUpAgent(t.app, 'daily@example.com');
    const lifetime = getSessionLifetime(loadConfig({ SESSION_TTL_DAYS: '7', SESSION_MAX_AGE_DAYS: '30' }));
    const t0 = new Date('2031-01-01T00:00:00Z');
    const { token } = await createSession(t.db, { id: me.user.id, authEpoch: 0 }, {}, t0, lifetime);

    const statuses: string[] = [];
    let last: Awaited<ReturnType<typeof resolveSession>> | undefined;
    for (let day = 1; day <= 31; day++) {
      last = await resolveSession(t.db, token, new Date(t0.getTime() + day * DAY_MS - 1000), lifetime);
      statuses.push(last.status);
      if (day === 29 && last.status === 'valid') {
        // The sliding renewal never reaches past the absolute end.
        expect(last.session.expiresAt.getTime()).toBe(t0.getTime() + 30 * DAY_MS);
      }
    }

    expect(lifetime).toEqual({ slidingMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS });
    expect(SESSION_RENEW_INTERVAL_MS).toBeLessThan(DAY_MS);
    expect(statuses.slice(0, 30).every((status) => status === 'valid')).toBe(true);
    expect(statuses[30]).toBe('expired');
  });

  test('cookies keep their plain names without https', async () => {
    const { agent } = await signUpAgent(t.app, 'plain@example.com');

    expect([...agent.cookies.keys()].sort()).toEqual(['hr_csrf', 'hr_device', 'hr_session']);
  });

  test.each(['/api/me', '/api/auth/providers', '/api/auth/csrf', '/api/admin/stats'])(
    'Cache-Control: no-store on %s (signed in or not)',
    async (url) => {
      const admin = await signUpAdmin(t.app, t.db, `nostore${url.replaceAll('/', '-')}@example.com`);

      const anonymous = await t.app.inject({ method: 'GET', url });
      const signedIn = await admin.request({ method: 'GET', url });

      expect(anonymous.headers['cache-control']).toBe('no-store');
      expect(signedIn.headers['cache-control']).toBe('no-store');
    },
  );

  test('public reads stay cacheable; no HSTS over http; a Permissions-Policy is sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sectors' });

    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });
});

describe('sessions served over https (APP_URL https://…)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { APP_URL: 'https://heatrank.test' } });
  });
  afterAll(() => t.close());

  test('session and CSRF cookies carry the __Host- prefix (Secure, Path=/, no Domain) and still work', async () => {
    const agent = createAgent(t.app);
    const signUp = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'host@example.com',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });
    const names = [...agent.cookies.keys()].sort();
    const me = await agent.request({ method: 'GET', url: '/api/me' });
    const signOut = await agent.request({ method: 'POST', url: '/api/auth/sign-out' });
    const plain = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { hr_session: 'planted' } });

    expect(names).toEqual(['__Host-hr_csrf', '__Host-hr_session', '__Secure-hr_device']);
    for (const cookie of signUp.cookies) {
      // __Host- needs Path=/; the known-device cookie is scoped to /api/auth, so it takes __Secure- instead.
      expect(cookie).toMatchObject({ secure: true, path: cookie.name.startsWith('__Host-') ? '/' : '/api/auth' });
      expect(cookie.domain).toBeUndefined();
    }
    expect(me.statusCode).toBe(200);
    expect(signOut.statusCode).toBe(200);
    // Signing out ends the session; the browser stays a known device (its own sign-in budget).
    expect([...agent.cookies.keys()].sort()).toEqual(['__Host-hr_csrf', '__Secure-hr_device']);
    expect(plain.json()).toEqual({ user: null }); // the unprefixed name is not read over https: a visitor
  });

  test('HSTS is sent over https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
