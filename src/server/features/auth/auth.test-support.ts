// Test helpers for anything that needs a signed-in browser: a cookie jar over app.inject that echoes the CSRF token
// like the web app does. Used by auth and admin tests; other features may import it for authenticated routes.

import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MeResponse } from '../../../shared/api/auth.schema.ts';
import { CSRF_COOKIE, CSRF_HEADER, toCookieName } from '../../../shared/api/auth.values.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { getTestDatabase } from '../../test/test-databases.ts';

export type Agent = {
  cookies: Map<string, string>;
  request: (options: InjectOptions & { csrf?: boolean }) => Promise<LightMyRequestResponse>;
  csrf: () => Promise<string>;
};

/** A browser-like client: keeps cookies between requests and sends x-csrf-token (unless `csrf: false`). */
export function createAgent(app: App): Agent {
  const cookies = new Map<string, string>();
  const agent: Agent = {
    cookies,
    csrf: async () => {
      // Over https (APP_URL https://…) the cookie is __Host-hr_csrf.
      const read = () => cookies.get(toCookieName(CSRF_COOKIE, true)) ?? cookies.get(CSRF_COOKIE);
      if (!read()) await agent.request({ method: 'GET', url: '/api/auth/csrf' });
      return read() ?? '';
    },
    request: async ({ csrf = true, ...options }) => {
      const method = (options.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
      if (csrf && method !== 'GET') headers[CSRF_HEADER] = await agent.csrf();
      if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.inject({ ...options, headers });
      for (const cookie of response.cookies) {
        const expired = cookie.value === '' || (cookie.expires && cookie.expires.getTime() <= Date.now());
        if (expired) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
  return agent;
}

export const TEST_PASSWORD = 'correct-horse-1';

/**
 * Signs up a fresh account through the API and returns the agent holding its session. The e-mail counts as verified
 * (set in the database, as following the link in this session would: the session stays), because most features refuse
 * an unverified account; `signUpUnverifiedAgent` keeps it unverified.
 */
export async function signUpAgent(app: App, email: string, password = TEST_PASSWORD) {
  const signedUp = await signUpUnverifiedAgent(app, email, password);
  await getTestDatabase(app)
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, signedUp.me.user.id));
  signedUp.me.user.emailVerified = true;
  return signedUp;
}

/** Signs up through the API and leaves the e-mail unverified (the spec's "Email not verified" state). */
export async function signUpUnverifiedAgent(app: App, email: string, password = TEST_PASSWORD) {
  const agent = createAgent(app);
  const response = await agent.request({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, confirmPassword: password, acceptTerms: true },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { agent, me: response.json() as MeResponse };
}

/** Signs up, then gives the account the admin role directly in the database, then signs in again. */
export async function signUpAdmin(app: App, db: Db, email: string) {
  const { agent } = await signUpAgent(app, email);
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return agent;
}

/** The newest mail to an address, and the one-time token in its link. */
export async function readLatestMail(db: Db, to: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const mail = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!mail) throw new Error(`no mail to ${to}`);
  const token = /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
  return { mail, token: token ? decodeURIComponent(token) : undefined, count: rows.length };
}

/**
 * Waits until `count` mails to an address exist, then reads the newest: the reset request answers before its mail is
 * queued (so its timing reveals nothing), so a test cannot read the outbox right after the answer.
 */
export async function waitForMail(db: Db, to: string, count = 1, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
    if (rows.length >= count) return readLatestMail(db, to);
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for mail ${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
