import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, TEST_PASSWORD } from './auth.test-support.ts';

// A different unknown account and client address each time, so the sign-in rate limits never answer first.
let attempt = 0;
const signInPayload = () => ({ email: `nobody-${++attempt}@example.com`, password: TEST_PASSWORD });
const remoteAddress = () => `10.77.${Math.floor(attempt / 250)}.${(attempt % 250) + 1}`;

describe('anonymous CSRF token: signed by the server, plus an origin check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  const signInWith = (csrf: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in?lang=en',
      headers: { cookie: `hr_csrf=${csrf}`, 'x-csrf-token': csrf, ...headers },
      payload: signInPayload(),
      remoteAddress: remoteAddress(),
    });

  test.each([
    { name: 'a one-character cookie', token: 'a' },
    { name: 'a random unsigned token of the old length', token: randomBytes(32).toString('base64url') },
    { name: 'a token in the signed shape with a forged signature', token: `${'A'.repeat(43)}.${'B'.repeat(43)}` },
  ])('a planted cookie echoed in the header is refused: $name', async ({ token }) => {
    const res = await signInWith(token);

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
  });

  test('the token the server hands out passes (the wrong password then answers 401, not 403)', async () => {
    const token = await createAgent(t.app).csrf();

    const res = await signInWith(token);
    const truncated = await signInWith(token.slice(0, -1));

    expect(res.statusCode).toBe(401);
    expect(truncated.statusCode).toBe(403);
  });

  test('a GET with a bad anonymous cookie gets a fresh signed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie: 'hr_csrf=a' } });
    const issued = res.json().csrfToken as string;

    expect(issued).not.toBe('a');
    expect((await signInWith(issued)).statusCode).toBe(401);
  });

  test.each<{ name: string; headers: Record<string, string>; status: number }>([
    { name: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' }, status: 403 },
    {
      name: 'Sec-Fetch-Site: same-site (a sibling subdomain)',
      headers: { 'sec-fetch-site': 'same-site' },
      status: 403,
    },
    { name: 'a foreign Origin', headers: { origin: 'https://evil.example' }, status: 403 },
    { name: 'Origin: null', headers: { origin: 'null' }, status: 403 },
    { name: 'Sec-Fetch-Site: same-origin', headers: { 'sec-fetch-site': 'same-origin' }, status: 401 },
    {
      name: 'an Origin equal to the Host',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      status: 401,
    },
    { name: 'no browser headers at all (a script)', headers: {}, status: 401 },
  ])('with a valid token, $name → $status', async ({ headers, status }) => {
    const token = await createAgent(t.app).csrf();

    const res = await signInWith(token, headers);

    expect(res.statusCode).toBe(status);
  });

  test('instances sharing one database accept each other’s tokens (the secret lives in the database)', async () => {
    const second = await buildApp(
      { config: t.config, db: t.db, dbKind: t.handle.kind, events: t.events, cache: t.cache },
      { logger: false },
    );
    const token = await createAgent(t.app).csrf();

    const res = await second.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie: `hr_csrf=${token}`, 'x-csrf-token': token },
      payload: signInPayload(),
      remoteAddress: remoteAddress(),
    });
    await second.close();

    expect(res.statusCode).toBe(401);
  });
});

describe('with SECRET_KEY set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { SECRET_KEY: 'k'.repeat(40) } });
  });
  afterAll(() => t.close());

  test('the key is derived from it and tokens still round-trip', async () => {
    const token = await createAgent(t.app).csrf();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie: `hr_csrf=${token}`, 'x-csrf-token': token },
      payload: signInPayload(),
      remoteAddress: remoteAddress(),
    });

    expect(res.statusCode).toBe(401);
  });
});
