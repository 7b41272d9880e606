import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api/auth.values.ts';
import { users } from '../db/schema/index.ts';
import { createKey, signUpVip } from '../features/api-keys/api-keys.test-support.ts';
import {
  type Agent,
  createAgent,
  signUpAdmin,
  TEST_PASSWORD,
  waitForMail,
} from '../features/auth/auth.test-support.ts';
import { FAST_INGEST_ENV } from '../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { captureLogLines } from '../test/log-lines.ts';

// Secrets never reach a response or a log line: passwords, password hashes, session tokens, API keys, X credentials,
// the server's SECRET_KEY and the LLM key. Every log line of a run through those flows is captured at level trace
// and grepped; every response body and header too. (A failed query's values: log-redaction.test.ts.)
//
// One deliberate exception: without SMTP the server log IS the mail channel (docs/auth.md), so a one-time link's
// token appears in the "mail (no SMTP configured)" line and nowhere else; the test checks exactly that.

const NEW_PASSWORD = 'battery-staple-horse-9';
const X_BEARER = 'AAAAxBearerSecretValue0123456789';
const X_API_KEY = 'xApiKeySecretValue0123';
const X_API_SECRET = 'xApiSecretSecretValue0123456789';
const LLM_API_KEY = 'sk-llm-secret-value-0123456789abcdef';

describe('secrets in responses and logs', { timeout: 120_000 }, () => {
  let t: TestApp;
  const { lines, stream } = captureLogLines();
  const responses: { url: string; text: string }[] = [];
  const sessionTokens = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp({
      catalogue: false,
      env: { SECRET_KEY: FAST_INGEST_ENV.SECRET_KEY, LLM_API_KEY },
      logger: { level: 'trace', stream },
    });
  });
  afterAll(() => t.close());

  /** Wraps an agent so every answer (body and headers except Set-Cookie) and every session token is recorded. */
  const recorded = (agent: Agent): Agent => ({
    ...agent,
    request: async (options: InjectOptions & { csrf?: boolean }) => {
      const res: LightMyRequestResponse = await agent.request(options);
      const { 'set-cookie': _cookies, ...headers } = res.headers;
      responses.push({ url: String(options.url), text: `${JSON.stringify(headers)}\n${res.body}` });
      for (const cookie of res.cookies)
        if (cookie.name === SESSION_COOKIE && cookie.value) sessionTokens.add(cookie.value);
      return res;
    },
  });

  test('through sign-up, sign-in, password change and reset, API keys and X accounts, no secret leaks', async () => {
    const email = 'secrets@example.com';
    const browser = recorded(createAgent(t.app));
    const signUp = await browser.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, acceptTerms: true },
    });
    expect(signUp.statusCode).toBe(201);
    const wrong = await recorded(createAgent(t.app)).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);
    const signIn = await browser.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const changed = await browser.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await recorded(createAgent(t.app)).request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email },
    });
    expect(reset.statusCode).toBe(202);
    const { token: resetToken } = await waitForMail(t.db, email);
    expect(resetToken).toBeDefined();

    const vip = await signUpVip(t.app, t.db, 'secrets-vip@example.com');
    const key = await createKey(vip.agent, 'ci');
    const listed = await recorded(vip.agent).request({ method: 'GET', url: '/api/me/api-keys' });
    expect(listed.statusCode).toBe(200);
    const v1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(v1.statusCode).toBe(200);
    const badKey = await t.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { authorization: `Bearer ${key.key}x` },
    });
    expect(badKey.statusCode).toBe(401);
    responses.push({ url: 'v1', text: v1.body }, { url: 'v1-bad', text: badKey.body });

    const admin = recorded(await signUpAdmin(t.app, t.db, 'secrets-admin@example.com'));
    const account = await admin.request({
      method: 'POST',
      url: '/api/admin/social-accounts',
      payload: { label: 'x', bearerToken: X_BEARER, apiKey: X_API_KEY, apiSecret: X_API_SECRET },
    });
    expect(account.statusCode).toBe(201);
    for (const url of [
      '/api/admin/social-accounts',
      '/api/admin/db-setup',
      '/api/admin/stats',
      '/api/me',
      '/api/health',
    ]) {
      await admin.request({ method: 'GET', url });
    }
    for (const agent of [browser, admin]) await agent.request({ method: 'GET', url: '/api/me' });

    const hashes = (await t.db.select({ hash: users.passwordHash }).from(users)).flatMap((u) =>
      u.hash ? [u.hash] : [],
    );
    const secrets: Record<string, string[]> = {
      password: [TEST_PASSWORD, NEW_PASSWORD],
      'password hash': hashes,
      'session token': [...sessionTokens],
      'API key': [key.key],
      'X credential': [X_BEARER, X_API_KEY, X_API_SECRET],
      SECRET_KEY: [FAST_INGEST_ENV.SECRET_KEY],
      LLM_API_KEY: [LLM_API_KEY],
    };
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect(sessionTokens.size).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeGreaterThan(20); // the log was captured

    const leaks: string[] = [];
    for (const [kind, values] of Object.entries(secrets)) {
      for (const value of values) {
        for (const [i, line] of lines.entries()) {
          if (line.includes(value)) leaks.push(`${kind} in log line ${i}: ${line.slice(0, 160)}`);
        }
        for (const r of responses) if (r.text.includes(value)) leaks.push(`${kind} in the answer to ${r.url}`);
      }
    }
    expect(leaks).toEqual([]);

    // The one-time link: only in the mail line of the log (the delivery channel without SMTP), never in an answer.
    const withToken = lines.filter((line) => line.includes(resetToken as string));
    expect(withToken.length).toBeGreaterThan(0);
    for (const line of withToken) expect(line).toContain('mail (no SMTP configured)');
    expect(responses.filter((r) => r.text.includes(resetToken as string))).toEqual([]);
  });
});
