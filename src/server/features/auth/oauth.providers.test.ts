import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OAuthCallbackResponseSchema } from '../../../shared/api/auth.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent } from './auth.test-support.ts';

const APP_URL = 'http://localhost:3998';

// GitHub and X read the user from their own APIs: a tiny fake answers them; the OAuth dance runs against
// oauth2-mock-server as for Google.
const FAKE_API: Record<string, unknown> = {
  '/github/user': { id: 4242, login: 'octo', name: null, avatar_url: 'https://img.test/octo.png' },
  '/github/user/emails': [
    { email: 'old@example.com', primary: false, verified: true },
    { email: 'Octo@Example.com', primary: true, verified: true },
  ],
  '/x/users/me': { data: { id: '777', name: 'Ex User', username: 'exuser' } }, // no confirmed_email shared
};

describe('GitHub, X and Apple specifics', () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let api: Server;
  const seenAuth: string[] = [];

  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    api = createServer((request, response) => {
      seenAuth.push(request.headers.authorization ?? '');
      const body = FAKE_API[(request.url ?? '').split('?')[0] ?? ''];
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const issuer = idp.issuer.url ?? '';
    const endpoints = (p: string) => ({
      [`OAUTH_${p}_CLIENT_ID`]: `${p.toLowerCase()}-client`,
      [`OAUTH_${p}_CLIENT_SECRET`]: 'secret',
      [`OAUTH_${p}_AUTHORIZE_URL`]: `${issuer}/authorize`,
      [`OAUTH_${p}_TOKEN_URL`]: `${issuer}/token`,
    });
    t = await buildTestApp({
      catalogue: false,
      env: {
        APP_URL,
        ...endpoints('GITHUB'),
        OAUTH_GITHUB_USERINFO_URL: `${apiUrl}/github/user`,
        ...endpoints('TWITTER'),
        OAUTH_TWITTER_USERINFO_URL: `${apiUrl}/x/users/me`,
        ...endpoints('APPLE'),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.stop();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  async function signInWith(agent: Agent, provider: string) {
    const start = await agent.request({ method: 'GET', url: `/api/auth/oauth/${provider}` });
    const authorizeUrl = new URL(start.headers.location as string);
    const consent = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const response = await agent.request({
      method: 'POST',
      url: '/api/auth/oauth/callback',
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    return { authorizeUrl, response };
  }

  test('the three configured providers are offered, in the spec order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });

    expect(res.json().oauth).toEqual(['github', 'twitter', 'apple']);
  });

  test('GitHub: the primary verified e-mail from /user/emails, the login when there is no name', async () => {
    const { authorizeUrl, response } = await signInWith(createAgent(t.app), 'github');

    const body = OAuthCallbackResponseSchema.parse(response.json());
    expect(authorizeUrl.searchParams.get('scope')).toBe('read:user user:email');
    expect(body.user).toMatchObject({ email: 'octo@example.com', emailVerified: true });
    expect(body.profile).toMatchObject({ name: 'octo', avatarUrl: 'https://img.test/octo.png' });
    expect(seenAuth.at(-1)).toMatch(/^Bearer \S+/); // the access token from the exchange
  });

  test("X: an account without a shared e-mail gets email null and the navbar's fallback name", async () => {
    const { response } = await signInWith(createAgent(t.app), 'twitter');

    const body = OAuthCallbackResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ email: null, emailVerified: false });
    expect(body.profile.name).toBe('Ex User');
  });

  test('Apple: asks for name and e-mail with form_post, and its cross-site POST is handed to /auth/callback', async () => {
    const start = await createAgent(t.app).request({ method: 'GET', url: '/api/auth/oauth/apple' });
    const authorizeUrl = new URL(start.headers.location as string);

    const formPost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/apple/form-post',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc%2F1&state=xyz&user=%7B%7D',
    });

    expect(authorizeUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oauth/apple/form-post`);
    expect(formPost.statusCode).toBe(303); // no CSRF header: Apple cannot send one, the state protects it
    expect(formPost.headers.location).toBe('/auth/callback?code=abc%2F1&state=xyz');
  });

  test('Apple: the code is redeemed with client_secret_post and the ID token names the user', async () => {
    let tokenRequestBody = '';
    // Called for the access token and again for the ID token.
    const addClaims = (token: { payload: Record<string, unknown> }, req: unknown) => {
      tokenRequestBody = JSON.stringify((req as { body: unknown }).body);
      Object.assign(token.payload, { sub: 'apple-1', email: 'ann@privaterelay.appleid.com', email_verified: 'true' });
    };
    idp.service.on('beforeTokenSigning', addClaims);

    const { response } = await signInWith(createAgent(t.app), 'apple');
    idp.service.off('beforeTokenSigning', addClaims);

    const body = OAuthCallbackResponseSchema.parse(response.json());
    expect(JSON.parse(tokenRequestBody)).toMatchObject({ client_id: 'apple-client', client_secret: 'secret' });
    expect(body.user).toMatchObject({ email: 'ann@privaterelay.appleid.com', emailVerified: true });
  });
});
