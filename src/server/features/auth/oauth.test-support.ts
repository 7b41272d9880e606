import { OAuth2Server } from 'oauth2-mock-server';
import type { Agent } from './auth.test-support.ts';

// A local OpenID Connect provider for the OAuth tests (auth and account): auto-approving consent, and the claims the
// next ID token carries set by the test (the mock's defaults carry no e-mail).

export const OAUTH_TEST_APP_URL = 'http://localhost:3999';

export type FakeIdentityProvider = {
  /** The claims of every ID token from now on. */
  setClaims: (claims: Record<string, unknown>) => void;
  /** The app's environment for the google provider pointed at this server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startFakeIdentityProvider(): Promise<FakeIdentityProvider> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  let claims: Record<string, unknown> = {};
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  const issuer = idp.issuer.url ?? '';
  return {
    setClaims: (next) => {
      claims = next;
    },
    env: {
      APP_URL: OAUTH_TEST_APP_URL,
      OAUTH_GOOGLE_CLIENT_ID: 'heatrank-test',
      OAUTH_GOOGLE_CLIENT_SECRET: 'test-secret',
      OAUTH_GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
    },
    stop: () => idp.stop(),
  };
}

/** Browser steps: our redirect → the provider's consent (auto-approved) → back to /auth/callback?code&state. */
export async function authorizeWithGoogle(agent: Agent, returnTo = '/membership') {
  const start = await agent.request({ method: 'GET', url: `/api/auth/oauth/google?returnTo=${returnTo}` });
  const authorizeUrl = new URL(start.headers.location as string);
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  return { start, authorizeUrl, callback };
}

/** The whole sign-in: authorize, then the callback page's POST. */
export async function signInWithGoogle(agent: Agent, returnTo?: string) {
  const { callback } = await authorizeWithGoogle(agent, returnTo);
  return agent.request({
    method: 'POST',
    url: '/api/auth/oauth/callback',
    payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  });
}
