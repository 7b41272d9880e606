import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OAuthCallbackResponseSchema } from '../../../shared/api/auth.schema.ts';
import { oauthAccounts, userProfiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, signUpAgent, signUpUnverifiedAgent } from './auth.test-support.ts';
import {
  authorizeWithGoogle,
  type FakeIdentityProvider,
  OAUTH_TEST_APP_URL,
  signInWithGoogle,
  startFakeIdentityProvider,
} from './oauth.test-support.ts';

describe('OAuth sign-in against a local OpenID Connect server', () => {
  let t: TestApp;
  let idp: FakeIdentityProvider;

  beforeAll(async () => {
    idp = await startFakeIdentityProvider();
    t = await buildTestApp({ catalogue: false, env: { ...idp.env, ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  test('only the configured provider is offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });

    expect(res.json()).toEqual({ password: true, oauth: ['google'] });
  });

  test('the redirect carries state and an S256 PKCE challenge, and returns to /auth/callback', async () => {
    const agent = createAgent(t.app);

    const { start, authorizeUrl, callback } = await authorizeWithGoogle(agent);

    expect(start.statusCode).toBe(302);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('heatrank-test');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${OAUTH_TEST_APP_URL}/auth/callback`);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(start.cookies.find((c) => c.name === 'hr_oauth')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(`${callback.origin}${callback.pathname}`).toBe(`${OAUTH_TEST_APP_URL}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));
  });

  test('callback signs in, creates the user and profile once; a second sign-in reuses them', async () => {
    idp.setClaims({
      sub: 'google-user-1',
      email: 'Gina@Example.com',
      email_verified: true,
      name: 'Gina',
      picture: 'https://img.test/g.png',
    });
    const first = createAgent(t.app);
    const second = createAgent(t.app);

    const res1 = await signInWithGoogle(first);
    const me1 = await first.request({ method: 'GET', url: '/api/me' });
    const res2 = await signInWithGoogle(second);

    expect(res1.statusCode).toBe(200);
    const body1 = OAuthCallbackResponseSchema.parse(res1.json());
    const body2 = OAuthCallbackResponseSchema.parse(res2.json());
    expect(body1.returnTo).toBe('/membership');
    expect(body1.user).toMatchObject({ email: 'gina@example.com', emailVerified: true, hasPassword: false });
    expect(body1.profile).toMatchObject({ name: 'Gina', avatarUrl: 'https://img.test/g.png' });
    expect(me1.statusCode).toBe(200);
    expect(body2.user.id).toBe(body1.user.id);
    expect(body2.profile.joinedAt).toBe(body1.profile.joinedAt);
    const [profiles] = await t.db.select({ n: count() }).from(userProfiles).where(eq(userProfiles.id, body1.user.id));
    const [links] = await t.db
      .select({ n: count() })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, body1.user.id));
    expect(profiles?.n).toBe(1);
    expect(links?.n).toBe(1);
  });

  test('a verified e-mail joins the existing password account; ADMIN_EMAILS grants admin once it is verified', async () => {
    const { me } = await signUpAgent(t.app, 'carla@example.com');
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.user.id));
    idp.setClaims({ sub: 'google-carla', email: 'carla@example.com', email_verified: true, name: 'Carla' });

    const res = await signInWithGoogle(createAgent(t.app));

    const body = OAuthCallbackResponseSchema.parse(res.json());
    expect(body.user.id).toBe(me.user.id);
    expect(body.user.hasPassword).toBe(true); // a proven account keeps its password
  });

  test('pre-account hijacking: an unverified sign-up with the address is taken over by its Google owner', async () => {
    const { agent: squatter, me } = await signUpUnverifiedAgent(t.app, 'boss@example.com'); // boss@ is in ADMIN_EMAILS
    idp.setClaims({ sub: 'google-boss', email: 'boss@example.com', email_verified: true, name: 'Boss' });

    const res = await signInWithGoogle(createAgent(t.app));
    const squatterAfter = await squatter.request({ method: 'GET', url: '/api/me' });

    const body = OAuthCallbackResponseSchema.parse(res.json());
    expect(me.user.role).toBe('user'); // the password sign-up proved nothing about the mailbox: no admin role
    expect(body.user.id).toBe(me.user.id);
    expect(body.user).toMatchObject({ role: 'admin', emailVerified: true, hasPassword: false });
    expect(squatterAfter.json().error.code).toBe('SESSION_EXPIRED');
  });

  test('an unverified e-mail never takes over an existing account', async () => {
    const { me } = await signUpAgent(t.app, 'owner@example.com');
    idp.setClaims({ sub: 'google-impostor', email: 'owner@example.com', email_verified: false });

    const res = await signInWithGoogle(createAgent(t.app));

    const body = OAuthCallbackResponseSchema.parse(res.json());
    expect(body.user.id).not.toBe(me.user.id);
    expect(body.user.email).toBeNull();
  });

  test.each([
    { name: 'a forged state', tamper: (state: string) => `${state}x`, cookie: true },
    { name: 'no flow cookie (another browser)', tamper: (state: string) => state, cookie: false },
  ])('$name is refused with 400 LOGIN_FAILED', async ({ tamper, cookie }) => {
    idp.setClaims({ sub: 'google-user-2', email: 'x@example.com', email_verified: true });
    const agent = createAgent(t.app);
    const { callback } = await authorizeWithGoogle(agent);
    if (!cookie) agent.cookies.delete('hr_oauth');

    const res = await agent.request({
      method: 'POST',
      url: '/api/auth/oauth/callback?lang=en',
      payload: { code: callback.searchParams.get('code'), state: tamper(callback.searchParams.get('state') ?? '') },
    });
    const zh = await agent.request({
      method: 'POST',
      url: '/api/auth/oauth/callback',
      payload: { code: 'x', state: 'y' },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'LOGIN_FAILED', message: 'Login failed' });
    expect(zh.json().error.message).toBe('登录失败');
    expect(agent.cookies.has('hr_session')).toBe(false);
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.email, 'x@example.com'));
    expect(row?.n).toBe(0);
  });

  test('the provider checks PKCE: a wrong code verifier fails the exchange (LOGIN_FAILED)', async () => {
    idp.setClaims({ sub: 'google-user-3', email: 'pkce@example.com', email_verified: true });
    const agent = createAgent(t.app);
    const { callback } = await authorizeWithGoogle(agent);
    const flow = JSON.parse(Buffer.from(agent.cookies.get('hr_oauth') ?? '', 'base64url').toString());
    agent.cookies.set('hr_oauth', Buffer.from(JSON.stringify({ ...flow, v: 'A'.repeat(43) })).toString('base64url'));

    const res = await agent.request({
      method: 'POST',
      url: '/api/auth/oauth/callback',
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('LOGIN_FAILED');
  });

  test('a provider without credentials is 404 OAUTH_PROVIDER_DISABLED', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/github?lang=en' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'OAUTH_PROVIDER_DISABLED',
      message: 'This sign-in method is not enabled',
    });
  });

  test('returnTo never leaves the site', async () => {
    const agent = createAgent(t.app);

    await agent.request({ method: 'GET', url: '/api/auth/oauth/google?returnTo=//evil.example/x' });
    const flow = JSON.parse(Buffer.from(agent.cookies.get('hr_oauth') ?? '', 'base64url').toString());

    expect(flow.r).toBe('/');
  });
});
