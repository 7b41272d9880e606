import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api/auth.values.ts';
import {
  alerts,
  apiKeys,
  cryptoPayments,
  exportSchedules,
  exports,
  notifications,
  paymentHistory,
  savedSearches,
  supportMessages,
  supportRequests,
  watchlistItems,
  watchlists,
} from '../db/schema/index.ts';
import { createKey, signUpVip } from '../features/api-keys/api-keys.test-support.ts';
import {
  type Agent,
  createAgent,
  signUpAdmin,
  signUpAgent,
  TEST_PASSWORD,
} from '../features/auth/auth.test-support.ts';
import { waitForExport } from '../features/exports/exports.test-support.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { isErrorBody } from './http-burst.ts';
import { arbitraryFromSchema, type JsonSchema } from './schema-arbitrary.ts';

// The attacks a cookie session invites: session fixation, CSRF on every state-changing route, IDOR on every user-owned route. Routes are
// read from the OpenAPI document, so a route added later is checked without editing this file. Admin routes refused
// to users: features/admin/admin.routes.test.ts (a sweep of every /api/admin route). Rate limits: see
// docs/reliability.md. Secrets in logs and responses: secrets-in-logs.test.ts.

type Operation = { method: string; path: string; body?: JsonSchema };
type Document = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

const sessionOf = (agent: Agent) => agent.cookies.get(SESSION_COOKIE);

describe('security sweeps over the OpenAPI document', { timeout: 120_000 }, () => {
  let t: TestApp;
  let operations: Operation[];
  let user: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'alpha', name: 'Alpha' });
    operations = operationsOf(t.app.swagger() as never);
    user = (await signUpAgent(t.app, 'sec-user@example.com')).agent;
    admin = await signUpAdmin(t.app, t.db, 'sec-admin@example.com');
  }, 60_000);
  afterAll(() => t.close());

  describe('session fixation', () => {
    test('a session id planted before sign-in is not adopted: the cookie changes and the planted value is worthless', async () => {
      const victim = createAgent(t.app);
      const planted = 'attacker-chosen-session-value-0123456789abcdef';
      victim.cookies.set(SESSION_COOKIE, planted);

      const signIn = await victim.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'sec-user@example.com', password: TEST_PASSWORD },
      });

      expect(signIn.statusCode).toBe(200);
      expect(sessionOf(victim)).toBeDefined();
      expect(sessionOf(victim)).not.toBe(planted);
      const withPlanted = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [SESSION_COOKIE]: planted } });
      expect(withPlanted.statusCode).toBe(401); // SESSION_EXPIRED: an unknown id is no session at all
      expect(withPlanted.json().error.code).toBe('SESSION_EXPIRED');
    });

    test('signing in again rotates the session id; the previous id no longer signs anyone in', async () => {
      const browser = (await signUpAgent(t.app, 'sec-rotate@example.com')).agent;
      const first = sessionOf(browser);

      const again = await browser.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'sec-rotate@example.com', password: TEST_PASSWORD },
      });

      expect(again.statusCode).toBe(200);
      expect(sessionOf(browser)).not.toBe(first);
      const old = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [SESSION_COOKIE]: first ?? '' } });
      expect(old.json()).not.toHaveProperty('user.email');
      const current = await browser.request({ method: 'GET', url: '/api/me' });
      expect(current.json().user.email).toBe('sec-rotate@example.com');
    });
  });

  describe('CSRF on every state-changing route', () => {
    const stateChanging = () =>
      operations.filter((o) => UNSAFE.has(o.method)).map((o) => ({ ...o, url: o.path.replace(/\{[^}]+\}/g, 'x') }));

    test('the document lists the state-changing routes (guards against an empty loop)', () => {
      expect(stateChanging().length).toBeGreaterThanOrEqual(60);
    });

    test('with a session cookie but no x-csrf-token: 403 CSRF_INVALID in the error shape, on every one', async () => {
      const wrong: unknown[] = [];
      for (const op of stateChanging()) {
        const agent = op.path.startsWith('/api/admin/') ? admin : user;
        const res = await agent.request({
          method: op.method as 'POST',
          url: `${op.url}?lang=en`,
          payload: {},
          csrf: false,
        });
        if (res.statusCode !== 403 || res.json().error?.code !== 'CSRF_INVALID' || !isErrorBody(res.body)) {
          wrong.push({ route: `${op.method} ${op.path}`, status: res.statusCode, body: res.body.slice(0, 120) });
        }
      }
      expect(wrong).toEqual([]);
      // Nothing happened on the way: the sessions still work.
      expect((await user.request({ method: 'GET', url: '/api/me' })).json().user.email).toBe('sec-user@example.com');
    });

    test('with the right token but sent from another site (Sec-Fetch-Site: cross-site): 403 on every one', async () => {
      const wrong: unknown[] = [];
      for (const op of stateChanging()) {
        const agent = op.path.startsWith('/api/admin/') ? admin : user;
        const res = await agent.request({
          method: op.method as 'POST',
          url: op.url,
          payload: {},
          headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        });
        if (res.statusCode !== 403 || res.json().error?.code !== 'CSRF_INVALID') {
          wrong.push({ route: `${op.method} ${op.path}`, status: res.statusCode });
        }
      }
      expect(wrong).toEqual([]);
    });

    test('anonymous sign-in, sign-up and the other /api/auth posts need the token too (login CSRF)', async () => {
      const auth = stateChanging().filter((o) => o.path.startsWith('/api/auth/'));
      expect(auth.length).toBeGreaterThanOrEqual(8);
      for (const op of auth) {
        const res = await t.app.inject({ method: op.method as 'POST', url: op.url, payload: {} });
        expect([op.path, res.statusCode, res.json().error.code]).toEqual([op.path, 403, 'CSRF_INVALID']);
      }
    });

    test('the deliberate exemptions: the Apple form post and the public API carry no cookie authority', async () => {
      // Apple answers with a cross-site form POST: no cookie arrives, the OAuth state protects it, and it only
      // redirects to the same-site page that finishes the sign-in (with CSRF).
      const apple = await user.request({
        method: 'POST',
        url: '/api/auth/oauth/apple/form-post',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'code=c&state=s',
        csrf: false,
      });
      expect(apple.statusCode).toBe(303);
      // /api/v1 authenticates by bearer key only: a session cookie signs nobody in there.
      const v1 = await user.request({ method: 'GET', url: '/api/v1/projects' });
      expect(v1.statusCode).toBe(401);
    });
  });

  describe('IDOR: user B with user A’s ids', () => {
    // Every user-owned route with an id in its path. A route added under these prefixes joins the sweep by itself.
    const OWNED = [
      '/api/watchlists/',
      '/api/alerts/',
      '/api/saved-searches/',
      '/api/exports/',
      '/api/export-schedules/',
      '/api/me/api-keys/',
      '/api/notifications/',
      '/api/payments/crypto/',
      '/api/support/requests/',
    ];

    // Where the schema alone does not make a body valid (a saved search's query is checked by the service).
    const VALID_BODIES: Record<string, object> = {
      'PATCH /api/saved-searches/{id}': { name: 'taken by B', query: { q: 'beta' } },
      'POST /api/support/requests/{id}/messages': { text: 'from B' },
    };

    test('gets 404 (or 403) on every route and changes nothing of A’s', async () => {
      const a = await signUpVip(t.app, t.db, 'sec-owner-a@example.com');
      const b = await signUpVip(t.app, t.db, 'sec-intruder-b@example.com');
      const created = async (url: string, payload: object) => {
        const res = await a.agent.request({ method: 'POST', url, payload });
        if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res.json() as { id?: string; alert?: { id: string } };
      };
      const watchlist = await created('/api/watchlists', { name: 'A list' });
      await created(`/api/watchlists/${watchlist.id}/items`, { projectId: 'alpha', amount: 2 });
      const alert = await created('/api/alerts', {
        targetType: 'project',
        targetId: 'alpha',
        kind: 'heat_above',
        threshold: 50,
      });
      const search = await created('/api/saved-searches', { name: 'A search', query: { q: 'alpha' } });
      const exported = await created('/api/exports', {
        source: { kind: 'directory', filters: {} },
        options: { format: 'json' },
      });
      // The export runs in the background: let it finish so the snapshot below holds still.
      await waitForExport(a.agent, exported.id as string);
      const schedule = await created('/api/export-schedules', {
        source: { kind: 'directory', filters: {} },
        options: { format: 'csv' },
        frequency: 'weekly',
        delivery: 'download',
      });
      const key = await createKey(a.agent, 'A key');
      const support = await created('/api/support/requests', { subject: 'A needs help', text: 'private' });
      const [note] = await t.db
        .insert(notifications)
        .values({ userId: a.userId, kind: 'level_changed', params: {}, dedupeKey: 'sec-a-1' })
        .returning();
      const [payment] = await t.db
        .insert(paymentHistory)
        .values({
          userId: a.userId,
          plan: 'vip',
          period: 'monthly',
          method: 'crypto',
          provider: 'crypto',
          amount: '10',
          currency: 'USDT',
        })
        .returning();
      await t.db.insert(cryptoPayments).values({
        paymentId: payment!.id,
        chainId: 1,
        token: 'USDT',
        tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
        toAddress: '0x0000000000000000000000000000000000000001',
        amountUnits: '10000000',
      });
      const idFor: Record<string, string> = {
        '/api/watchlists/': watchlist.id as string,
        '/api/alerts/': alert.alert?.id ?? (alert.id as string),
        '/api/saved-searches/': search.id as string,
        '/api/exports/': exported.id as string,
        '/api/export-schedules/': schedule.id as string,
        '/api/me/api-keys/': key.id,
        '/api/notifications/': note!.id,
        '/api/payments/crypto/': payment!.id,
        '/api/support/requests/': support.id as string,
      };

      const snapshot = async () => ({
        watchlists: await t.db.select().from(watchlists),
        items: await t.db.select().from(watchlistItems),
        alerts: await t.db.select().from(alerts),
        searches: await t.db.select().from(savedSearches),
        exports: await t.db.select().from(exports),
        schedules: await t.db.select().from(exportSchedules),
        keys: await t.db.select().from(apiKeys),
        notifications: await t.db.select().from(notifications),
        payments: await t.db.select().from(paymentHistory),
        crypto: await t.db.select().from(cryptoPayments),
        support: await t.db.select().from(supportRequests),
        supportMessages: await t.db.select().from(supportMessages),
      });
      const before = await snapshot();

      const routes = operations.filter((o) =>
        OWNED.some((prefix) => o.path.startsWith(prefix) && /\{id\}/.test(o.path)),
      );
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const wrong: unknown[] = [];
      for (const [index, op] of routes.entries()) {
        const prefix = OWNED.find((p) => op.path.startsWith(p)) as string;
        const url = op.path.replace('{id}', idFor[prefix] as string).replace('{projectId}', 'alpha');
        // A body that passes validation, so the ownership check (not the schema) is what refuses.
        const [generated] = op.body ? fc.sample(arbitraryFromSchema(op.body), { seed: 21 + index, numRuns: 1 }) : [];
        const body = VALID_BODIES[`${op.method} ${op.path}`] ?? generated;
        const res = await b.agent.request({ method: op.method as 'GET', url, payload: body as object | undefined });
        // Without a configured chain the crypto submit answers 503 CRYPTO_UNAVAILABLE before it looks the payment up;
        // its ownership on a configured chain: crypto-payments.routes.test.ts ("another user's payment is not found").
        const notConfigured = res.statusCode === 503 && res.json().error?.code === 'CRYPTO_UNAVAILABLE';
        const refused = (res.statusCode === 404 || res.statusCode === 403 || notConfigured) && isErrorBody(res.body);
        if (!refused)
          wrong.push({ route: `${op.method} ${op.path}`, status: res.statusCode, body: res.body.slice(0, 160) });
      }
      expect(wrong).toEqual([]);
      expect(await snapshot()).toEqual(before);
      // B's own lists stay empty: nothing of A's leaks into them.
      for (const list of [
        '/api/watchlists',
        '/api/alerts',
        '/api/saved-searches',
        '/api/exports',
        '/api/me/api-keys',
        '/api/support/requests',
      ]) {
        const res = await b.agent.request({ method: 'GET', url: list });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(idFor[`${list}/`]);
      }
    });
  });
});
