import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import type { OAuthCallbackBody, OAuthCallbackResponse, OAuthProvider } from '../../../shared/api/auth.schema.ts';
import { OAuthProviderSchema, ReturnToSchema } from '../../../shared/api/auth.schema.ts';
import { AppError } from '../../errors.ts';
import {
  insertOAuthAccount,
  insertUser,
  selectOAuthAccountUserId,
  selectUserByEmail,
  selectUserById,
  type UserRow,
} from './auth.queries.ts';
import { type AuthDeps, completeSignIn, getAppUrl, type RequestContext } from './auth.service.ts';
import { getOAuthProvider, type OAuthProviderHandle } from './oauth.providers.ts';
import { updateUserRevokingSessions } from './session.queries.ts';
import type { NewSession } from './session.service.ts';
import { isSameSecret } from './tokens.ts';

export const OAUTH_COOKIE = 'hr_oauth';
export const OAUTH_FLOW_TTL_SECONDS = 600;
const FETCH_TIMEOUT_MS = 10_000;

/** What we keep between the redirect and the callback, in an httpOnly cookie bound to this browser. */
const FlowSchema = z.object({ p: OAuthProviderSchema, s: z.string(), v: z.string(), r: ReturnToSchema });
type Flow = z.infer<typeof FlowSchema>;

export type OAuthProfile = {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
};

function requireProvider(deps: AuthDeps, provider: OAuthProvider): OAuthProviderHandle {
  const handle = getOAuthProvider(deps.config, provider, getAppUrl(deps.config));
  if (!handle) throw new AppError('OAUTH_PROVIDER_DISABLED');
  return handle;
}

/** Builds the provider's authorization URL with a fresh state and PKCE (S256) verifier; throws OAUTH_PROVIDER_DISABLED. */
export function startOAuth(deps: AuthDeps, provider: OAuthProvider, returnTo = '/'): { url: string; cookie: string } {
  const handle = requireProvider(deps, provider);
  const flow: Flow = { p: provider, s: generateState(), v: generateCodeVerifier(), r: ReturnToSchema.parse(returnTo) };
  const url = handle.client.createAuthorizationURLWithPKCE(
    handle.authorizeUrl,
    flow.s,
    CodeChallengeMethod.S256,
    flow.v,
    handle.scopes,
  );
  for (const [key, value] of Object.entries(handle.extraParams ?? {})) url.searchParams.set(key, value);
  return { url: url.toString(), cookie: Buffer.from(JSON.stringify(flow)).toString('base64url') };
}

function readFlow(cookie: string | undefined): Flow | undefined {
  if (!cookie) return undefined;
  try {
    return FlowSchema.parse(JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Completes the flow: checks the state against this browser's cookie (constant time), redeems the code with the
 * PKCE verifier, reads the profile, finds or creates the user (linking by verified e-mail) and signs in.
 * Throws LOGIN_FAILED for a bad state or any provider failure.
 */
export async function finishOAuth(
  deps: AuthDeps,
  cookie: string | undefined,
  body: OAuthCallbackBody,
  ctx: RequestContext,
  log: { warn: (obj: object, msg: string) => void },
): Promise<{ session: NewSession; me: OAuthCallbackResponse }> {
  const flow = readFlow(cookie);
  if (!flow || !isSameSecret(flow.s, body.state)) throw new AppError('LOGIN_FAILED', {}, { reason: 'state' });
  const handle = requireProvider(deps, flow.p);
  let profile: OAuthProfile;
  try {
    const tokens = await redeemCode(handle, body.code, flow.v);
    profile = await fetchProfile(handle, tokens);
  } catch (error) {
    log.warn({ err: error, provider: flow.p }, 'OAuth code exchange or profile fetch failed');
    throw new AppError('LOGIN_FAILED', {}, { reason: 'provider' });
  }
  const user = await findOrCreateUser(deps, flow.p, profile, ctx.now);
  const signedIn = await completeSignIn(deps, user, ctx, { name: profile.name, avatarUrl: profile.avatarUrl });
  return { session: signedIn.session, me: { ...signedIn.me, returnTo: flow.r } };
}

async function findOrCreateUser(
  deps: AuthDeps,
  provider: OAuthProvider,
  profile: OAuthProfile,
  now: Date,
): Promise<UserRow> {
  const { db } = deps;
  const linkedId = await selectOAuthAccountUserId(db, provider, profile.providerUserId);
  const linked = linkedId ? await selectUserById(db, linkedId) : undefined;
  if (linked) return linked;

  const email = profile.email?.toLowerCase() ?? null;
  // Only a provider-verified address may join an existing account; otherwise anyone could claim it.
  let existing = email && profile.emailVerified ? await selectUserByEmail(db, email) : undefined;
  if (existing && !existing.emailVerifiedAt) {
    // The account was opened with this address but never proved it: whoever did may not be the mailbox owner
    // (pre-account hijacking). The owner takes it over: the unproven password and its sessions are dropped.
    existing =
      (await updateUserRevokingSessions(db, existing.id, { emailVerifiedAt: now, passwordHash: null }, now)) ??
      existing;
  }
  const user =
    existing ??
    (await insertUser(db, {
      email,
      emailVerifiedAt: profile.emailVerified ? now : null,
      createdAt: now,
      updatedAt: now,
    })) ??
    // The address belongs to another account and is not verified here: a separate account without an e-mail.
    (await insertUser(db, { email: null, createdAt: now, updatedAt: now }));
  if (!user) throw new AppError('LOGIN_FAILED');
  await insertOAuthAccount(db, { provider, providerUserId: profile.providerUserId, userId: user.id, createdAt: now });
  return user;
}

/** Exchanges the code (with the PKCE verifier) for tokens; arctic does it, except for Apple's client_secret_post. */
async function redeemCode(handle: OAuthProviderHandle, code: string, verifier: string): Promise<OAuth2Tokens> {
  if (handle.tokenAuth === 'basic') return handle.client.validateAuthorizationCode(handle.tokenUrl, code, verifier);
  const response = await fetch(handle.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: handle.redirectUri,
      client_id: handle.clientId,
      client_secret: handle.clientSecret,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok || typeof json !== 'object' || json === null || !('access_token' in json)) {
    throw new Error(`${handle.tokenUrl} answered ${response.status}`);
  }
  return new OAuth2Tokens(json);
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'HeatRank' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const OidcClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
const GithubUserSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(),
});
const GithubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const TwitterMeSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string().optional(),
    username: z.string().optional(),
    profile_image_url: z.string().optional(),
    confirmed_email: z.string().optional(),
  }),
});

/** Reads who signed in. OIDC ID tokens come straight from the token endpoint over TLS (OIDC Core §3.1.3.7). */
async function fetchProfile(handle: OAuthProviderHandle, tokens: OAuth2Tokens): Promise<OAuthProfile> {
  if (handle.profileSource === 'oidc') {
    const raw = handle.userinfoUrl
      ? await getJson(handle.userinfoUrl, tokens.accessToken())
      : decodeIdToken(tokens.idToken());
    const claims = OidcClaimsSchema.parse(raw);
    return {
      providerUserId: claims.sub,
      email: claims.email ?? null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: claims.name ?? null,
      avatarUrl: claims.picture ?? null,
    };
  }
  if (handle.profileSource === 'github') {
    const url = handle.userinfoUrl ?? 'https://api.github.com/user';
    const user = GithubUserSchema.parse(await getJson(url, tokens.accessToken()));
    const emails = GithubEmailsSchema.parse(await getJson(`${url}/emails`, tokens.accessToken()));
    const primary = emails.find((entry) => entry.primary && entry.verified);
    return {
      providerUserId: String(user.id),
      email: primary?.email ?? null,
      emailVerified: Boolean(primary),
      name: user.name ?? user.login,
      avatarUrl: user.avatar_url ?? null,
    };
  }
  const { data } = TwitterMeSchema.parse(await getJson(handle.userinfoUrl ?? '', tokens.accessToken()));
  return {
    providerUserId: data.id,
    email: data.confirmed_email ?? null,
    emailVerified: Boolean(data.confirmed_email), // X only returns addresses it has confirmed
    name: data.name ?? data.username ?? null,
    avatarUrl: data.profile_image_url ?? null,
  };
}
