import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Agent, createAgent, signUpAdmin, signUpAgent } from './features/auth/auth.test-support.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { rawRequest } from './test/raw-http.ts';

// Property test over every operation of our OpenAPI document, as a visitor, a signed-in user and an admin, plus raw
// bytes over a socket for what app.inject cannot send. Deterministic (fixed seed, fixed count) so CI is stable and a
// failure is reproducible; the inputs lean towards what broke before: NUL, huge numbers, wrong types, long strings.
// Invariant: no answer ≥ 500, and every 4xx is { error: { code: string, message: string } }.

const SEED = 20_261_123;
const RUNS_PER_OPERATION_AND_ROLE = 25;

type Parameter = { in: 'path' | 'query'; name: string };
type Operation = { method: string; path: string; parameters: Parameter[]; bodyProperties?: string[] };
type Role = 'visitor' | 'user' | 'admin';
type Attempt = { url: string; payload?: string; contentType?: string; csrf: boolean; lang?: string };
type Failure = { role: Role; method: string; url: string; payload?: string; status: number; body: string };

const NASTY_STRINGS = [
  '\u0000',
  'eth\u0000ereum',
  '%00',
  '9'.repeat(400),
  '1e309',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '18446744073709551616',
  ' ',
  '',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ünïcödé 中文',
  '\uFFFF\uFEFF',
  '<script>alert(1)</script>',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(5000),
  '%',
  '\r\n',
  '😀'.repeat(60),
  '00000000-0000-0000-0000-000000000000',
  'bitcoin',
  'ethereum',
  'defi',
  'admin@example.com',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
);

/** Any JSON value, biased to wrong types and extremes for a field. */
const jsonField: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(1e308, -1e308, 2 ** 64)) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
);

/** encodeURIComponent, except for a lone surrogate (which it refuses): then sent as a raw invalid escape. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const pathValue = fc.oneof(
  { weight: 5, arbitrary: text.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%C0%80', 'a%2Fb', '..') },
);

function queryString(operation: Operation) {
  const names = [...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'lang', 'unknown'];
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), text), text);
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`));
}

function payload(operation: Operation): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  if (!operation.bodyProperties) return fc.constant({});
  const fields = fc.dictionary(fc.oneof(fc.constantFrom(...operation.bodyProperties), text), jsonField, {
    maxKeys: operation.bodyProperties.length + 2,
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fields.map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.jsonValue().map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '\u0000', '', '[1,2', '{"__proto__":{"x":1}}', `{"a":${'['.repeat(5000)}`)
        .map((raw) => ({ payload: raw, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: text.map((raw) => ({ payload: raw, contentType: 'text/plain' })) },
  );
}

function attempts(operation: Operation): fc.Arbitrary<Attempt> {
  const pathParts = operation.path.split(/(\{[^}]+\})/);
  const path = fc
    .tuple(...pathParts.map((part) => (part.startsWith('{') ? pathValue : fc.constant(part))))
    .map((parts) => parts.join(''));
  return fc
    .record({
      path,
      query: queryString(operation),
      body: payload(operation),
      csrf: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      lang: fc.option(fc.constantFrom('en', 'zh', 'xx', '\u00ff'), { nil: undefined }),
    })
    .map(({ path: p, query, body, csrf, lang }) => ({ url: `${p}${query}`, ...body, csrf, lang }));
}

// A stream never ends, so app.inject would wait for ever; it takes no input at all (realtime.routes.test.ts covers it).
const STREAMING_PATHS = ['/api/events'];

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const paths = Object.entries(doc.paths).filter(([path]) => !STREAMING_PATHS.includes(path));
  return paths.flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
      const schema = op.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodyProperties: op.requestBody ? Object.keys(schema?.properties ?? { body: true }) : undefined,
      };
    }),
  );
}

function inErrorShape(body: string): boolean {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    return typeof error?.code === 'string' && typeof error.message === 'string';
  } catch {
    return false;
  }
}

describe('fuzz: every route of the OpenAPI document', { timeout: 240_000 }, () => {
  let t: TestApp;
  let agents: Record<Role, Agent>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: true });
    agents = {
      visitor: createAgent(t.app),
      user: (await signUpAgent(t.app, 'fuzz-user@example.com')).agent,
      admin: await signUpAdmin(t.app, t.db, 'fuzz-admin@example.com'),
    };
    operations = operationsOf(t.app.swagger() as never);
  }, 180_000); // the catalogue load, its first recompute and two scrypt sign-ups: slow on a busy CI machine
  afterAll(() => t.close());

  test('the document lists the routes we fuzz', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/admin/social-accounts');
  });

  for (const role of ['visitor', 'user', 'admin'] as const) {
    test(`as ${role}: no 5xx, every 4xx in the error shape`, async () => {
      const failures: Failure[] = [];
      let sent = 0;
      for (const [index, operation] of operations.entries()) {
        // Signing out would turn the shared signed-in agents into visitors for every later operation.
        const agent = operation.path === '/api/auth/sign-out' && role !== 'visitor' ? createAgent(t.app) : agents[role];
        const samples = fc.sample(attempts(operation), { seed: SEED + index, numRuns: RUNS_PER_OPERATION_AND_ROLE });
        for (const attempt of samples) {
          const headers: Record<string, string> = {};
          if (attempt.contentType) headers['content-type'] = attempt.contentType;
          if (attempt.lang) headers['accept-language'] = attempt.lang;
          const res = await agent.request({
            method: operation.method as 'GET',
            url: attempt.url,
            payload: attempt.payload,
            headers,
            csrf: attempt.csrf,
          });
          sent++;
          const broken = res.statusCode >= 500 || (res.statusCode >= 400 && !inErrorShape(res.body));
          if (broken) {
            failures.push({
              role,
              method: operation.method,
              url: attempt.url,
              payload: attempt.payload?.slice(0, 300),
              status: res.statusCode,
              body: res.body.slice(0, 300),
            });
          }
        }
      }
      expect(sent).toBe(operations.length * RUNS_PER_OPERATION_AND_ROLE);
      expect(failures).toEqual([]);
    });
  }

  test('forged session and CSRF cookies and headers: no 5xx, every 4xx in the error shape', async () => {
    const cookieValue = fc.oneof(
      text.map(encode),
      text.filter((v) => /^[ -:<-~]*$/.test(v)), // printable ASCII without ';', as a header can carry
    );
    const forged = fc.record({
      route: fc.constantFrom(
        'GET /api/me',
        'POST /api/auth/sign-out',
        'POST /api/auth/verify-email/resend',
        'GET /api/admin/stats',
      ),
      session: fc.option(cookieValue, { nil: undefined }),
      csrfCookie: fc.option(cookieValue, { nil: undefined }),
      csrfHeader: fc.option(cookieValue, { nil: undefined }),
    });
    const failures: unknown[] = [];
    for (const attempt of fc.sample(forged, { seed: SEED, numRuns: 120 })) {
      const [method, url] = attempt.route.split(' ') as ['GET' | 'POST', string];
      const cookies = [
        attempt.session === undefined ? undefined : `hr_session=${attempt.session}`,
        attempt.csrfCookie === undefined ? undefined : `hr_csrf=${attempt.csrfCookie}`,
      ].filter(Boolean);
      const headers: Record<string, string> = {};
      if (cookies.length > 0) headers.cookie = cookies.join('; ');
      if (attempt.csrfHeader !== undefined) headers['x-csrf-token'] = attempt.csrfHeader;
      const res = await t.app.inject({ method, url, headers });
      if (res.statusCode >= 500 || (res.statusCode >= 400 && !inErrorShape(res.body))) {
        failures.push({ ...attempt, status: res.statusCode, body: res.body.slice(0, 200) });
      }
    }
    expect(failures).toEqual([]);
  });

  test('over a real socket: oversized headers, bad URLs and broken HTTP get our error shape, never 5xx', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const target = fc.oneof(
      fc.constantFrom('/api/projects', '/api/projects/bitcoin/heat', '/api/ping', '/'),
      fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => `/api/projects/${s.replace(/[\s]/g, '%')}`),
      fc.constantFrom('/api/%E0%A4%A', '/api/projects/%', '/%00', '*', 'http://evil.example/api/ping', '/api/\u00ff'),
    );
    const request = fc.oneof(
      fc
        .tuple(target, fc.integer({ min: 17_000, max: 120_000 }))
        .map(([url, size]) => `GET ${url} HTTP/1.1\r\nHost: x\r\nX-Fill: ${'a'.repeat(size)}\r\n\r\n`),
      fc
        .tuple(target, fc.integer({ min: 200, max: 400 }))
        .map(([url, n]) => `GET ${url} HTTP/1.1\r\nHost: x\r\n${'X-Many: 1\r\n'.repeat(n * 10)}\r\n`),
      target.map((url) => `GET ${url} HTTP/1.1\r\nHost: x\r\n\r\n`),
      fc.constantFrom(
        'HELLO\r\n\r\n',
        'GET / HTTP/9.9\r\n\r\n',
        'GET /api/ping HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
        'GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
        'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
      ),
    );
    const failures: { request: string; status: number; body: string }[] = [];
    for (const raw of fc.sample(request, { seed: SEED, numRuns: 100 })) {
      const res = await rawRequest(port, Buffer.from(raw, 'latin1'));
      if (res.status >= 500 || (res.status >= 400 && !inErrorShape(res.body))) {
        failures.push({ request: raw.slice(0, 120), status: res.status, body: res.body.slice(0, 200) });
      }
    }
    expect(failures).toEqual([]);
  });
});
