import { OAuth2Client } from 'arctic';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../shared/api/auth.schema.ts';
import type { Config } from '../../config.ts';

/** How a provider tells us who signed in: OpenID Connect claims, or its own user API. */
export type ProfileSource = 'oidc' | 'github' | 'twitter';

export type ProviderSettings = {
  id: OAuthProvider;
  authorizeUrl: string;
  tokenUrl: string;
  /** Absent for OIDC providers whose ID token carries the claims (Google, Apple). */
  userinfoUrl?: string;
  scopes: string[];
  profileSource: ProfileSource;
  /** Extra authorization parameters (Apple: response_mode=form_post, required when asking for name/email). */
  extraParams?: Record<string, string>;
  /** Where the provider sends the browser back (relative to APP_URL). */
  callbackPath: string;
  /** How the token endpoint wants the client secret: HTTP Basic (arctic's default) or in the form (Apple). */
  tokenAuth: 'basic' | 'post';
};

export type OAuthProviderHandle = ProviderSettings & {
  client: OAuth2Client;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
};

// Default endpoints; each can be overridden with OAUTH_<P>_AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL.
const DEFAULTS: Record<OAuthProvider, Omit<ProviderSettings, 'id'>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scopes: ['openid', 'email', 'profile'],
    profileSource: 'oidc',
    callbackPath: '/auth/callback',
    tokenAuth: 'basic',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    profileSource: 'github',
    callbackPath: '/auth/callback',
    tokenAuth: 'basic',
  },
  twitter: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email',
    scopes: ['users.read', 'tweet.read', 'users.email'],
    profileSource: 'twitter',
    callbackPath: '/auth/callback',
    tokenAuth: 'basic',
  },
  apple: {
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    scopes: ['name', 'email'],
    profileSource: 'oidc',
    extraParams: { response_mode: 'form_post' },
    callbackPath: '/api/auth/oauth/apple/form-post',
    tokenAuth: 'post', // Apple supports client_secret_post only
  },
};

type ProviderEnvKey = 'GOOGLE' | 'GITHUB' | 'TWITTER' | 'APPLE';
const ENV_KEY: Record<OAuthProvider, ProviderEnvKey> = {
  google: 'GOOGLE',
  github: 'GITHUB',
  twitter: 'TWITTER',
  apple: 'APPLE',
};

function readProviderEnv(config: Config, provider: OAuthProvider) {
  const key = ENV_KEY[provider];
  return {
    clientId: config[`OAUTH_${key}_CLIENT_ID`],
    clientSecret: config[`OAUTH_${key}_CLIENT_SECRET`],
    authorizeUrl: config[`OAUTH_${key}_AUTHORIZE_URL`],
    tokenUrl: config[`OAUTH_${key}_TOKEN_URL`],
    userinfoUrl: config[`OAUTH_${key}_USERINFO_URL`],
  };
}

/** Providers whose client id and secret are both configured, in the spec's order. */
export function listEnabledProviders(config: Config): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((provider) => {
    const env = readProviderEnv(config, provider);
    return Boolean(env.clientId && env.clientSecret);
  });
}

/** The provider's settings and an arctic client bound to our redirect URI; undefined when not configured. */
export function getOAuthProvider(
  config: Config,
  provider: OAuthProvider,
  appUrl: string,
): OAuthProviderHandle | undefined {
  const env = readProviderEnv(config, provider);
  if (!env.clientId || !env.clientSecret) return undefined;
  const defaults = DEFAULTS[provider];
  const settings: ProviderSettings = {
    ...defaults,
    id: provider,
    authorizeUrl: env.authorizeUrl ?? defaults.authorizeUrl,
    tokenUrl: env.tokenUrl ?? defaults.tokenUrl,
    userinfoUrl: env.userinfoUrl ?? defaults.userinfoUrl,
  };
  const redirectUri = `${appUrl}${settings.callbackPath}`;
  return {
    ...settings,
    client: new OAuth2Client(env.clientId, env.clientSecret, redirectUri),
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    redirectUri,
  };
}
