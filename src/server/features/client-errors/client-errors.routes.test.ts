import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  AdminClientErrorsResponseSchema,
  CLIENT_ERROR_LIMITS,
  ClientErrorAcceptedSchema,
} from '../../../shared/api/client-errors.schema.ts';
import { authRateLimits, clientErrors } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { CLIENT_ERROR_RATE_LIMITS } from './client-errors.routes.ts';
import { cleanupClientErrors } from './client-errors.service.ts';

const REPORT = {
  message: 'Cannot read properties of undefined (reading "score")',
  stack: 'TypeError: Cannot read properties of undefined\n    at ProjectPage (/assets/project-abc.js:1:2)',
  route: '/project/uniswap',
  buildId: 'm1x2y3',
  boundary: 'route',
} as const;

let address = 0;
/** A fresh client address per call: each test's own per-IP window. */
const nextAddress = () => `10.55.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe('/api/client-errors', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    admin = await signUpAdmin(t.app, t.db, 'client-errors-admin@example.com');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(clientErrors);
    await t.db.delete(authRateLimits).where(sql`${authRateLimits.key} LIKE 'client-errors:%'`);
  });

  const post = (payload: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress, headers });
  const storedRows = () => t.db.select().from(clientErrors);

  test('a report is accepted anonymously and stored with its message, stack, route, build id and boundary', async () => {
    const response = await post(REPORT);

    expect(response.statusCode).toBe(202);
    expect(ClientErrorAcceptedSchema.parse(response.json())).toEqual({ accepted: true });
    const [row] = await storedRows();
    expect(row).toMatchObject({ ...REPORT });
  });

  test('nothing personal is stored: e-mails masked, query strings and fragments dropped, no cookie or user', async () => {
    const { agent } = await signUpAgent(t.app, 'crash-victim@example.com');
    const response = await agent.request({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextAddress(),
      payload: {
        message: 'Failed for alice.smith+x@mail.example.co.uk at https://h.example/reset?token=s3cret&email=bob%40x.io',
        stack: 'Error\n    at https://h.example/assets/a.js?v=1:2:3\n    at carol@example.org',
        route: '/auth/reset?token=s3cret#access_token=abc',
        buildId: 'b1',
        boundary: 'app',
      },
    });

    expect(response.statusCode).toBe(202);
    const [row] = await storedRows();
    expect(row?.message).toBe('Failed for [email] at https://h.example/reset');
    expect(row?.stack).toBe('Error\n    at https://h.example/assets/a.js\n    at [email]');
    expect(row?.route).toBe('/auth/reset');
    const stored = JSON.stringify(row);
    for (const secret of ['s3cret', 'alice', 'bob', 'carol', 'crash-victim', ...agent.cookies.values()]) {
      expect(stored).not.toContain(secret);
    }
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'boundary',
      'buildId',
      'createdAt',
      'id',
      'message',
      'route',
      'stack',
    ]);
  });

  test('an e-mail in the route path is masked too', async () => {
    await post({ ...REPORT, route: '/search/someone@example.com/x' });

    expect((await storedRows())[0]?.route).toBe('/search/[email]/x');
  });

  test('long fields are cut to the stored limits, not refused', async () => {
    const response = await post({ ...REPORT, message: 'm'.repeat(3000), stack: 's'.repeat(12_000) });

    expect(response.statusCode).toBe(202);
    const [row] = await storedRows();
    expect(row?.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(row?.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(row?.message.endsWith('…')).toBe(true);
  });

  test.each([
    { name: 'no message', payload: { ...REPORT, message: undefined } },
    { name: 'an empty message', payload: { ...REPORT, message: '   ' } },
    { name: 'a number for a message', payload: { ...REPORT, message: 42 } },
    { name: 'a route that is not a path', payload: { ...REPORT, route: 'https://evil.example/x' } },
    { name: 'an unknown boundary', payload: { ...REPORT, boundary: 'window' } },
    { name: 'a build id with odd characters', payload: { ...REPORT, buildId: 'a b<c>' } },
    { name: 'an extra field (a user id)', payload: { ...REPORT, userId: 'u-1' } },
    { name: 'an array body', payload: [REPORT] },
  ])('$name → 400 in the error shape, nothing stored', async ({ payload }) => {
    const response = await post(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    expect(await storedRows()).toEqual([]);
  });

  test('a NUL byte, broken JSON and a body over 16 kB are refused with 4xx, nothing stored', async () => {
    const nul = await post({ ...REPORT, message: 'a\u0000b' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json' },
      payload: '{"message": ',
    });
    const huge = await post({ ...REPORT, stack: 'x'.repeat(17 * 1024) });

    expect([nul.statusCode, broken.statusCode, huge.statusCode]).toEqual([400, 400, 413]);
    expect([nul, broken, huge].map((r) => r.json().error.code)).toEqual([
      'INVALID_CHARACTERS',
      'INVALID_JSON',
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await storedRows()).toEqual([]);
  });

  test('a flood from one address: 50 at once, exactly the per-IP allowance stored, the rest 429 with Retry-After', async () => {
    const ip = nextAddress();
    const allowance = CLIENT_ERROR_RATE_LIMITS.perIp.perIp;

    const responses = await Promise.all(Array.from({ length: 50 }, () => post(REPORT, ip)));
    const other = await post(REPORT);

    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(allowance);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - allowance);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(other.statusCode).toBe(202);
    expect(await storedRows()).toHaveLength(allowance + 1);
  });

  test('once every client together has sent the hourly cap, a new address is refused too', async () => {
    await t.db.insert(authRateLimits).values({
      key: 'client-errors:all',
      count: CLIENT_ERROR_RATE_LIMITS.all.max,
      resetAt: new Date(Date.now() + 60_000),
    });

    const response = await post(REPORT);

    expect(response.statusCode).toBe(429);
    expect(await storedRows()).toEqual([]);
  });

  test('the admin list groups by message: count, first and last seen, latest route and build; 30 days only', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000);
    await t.db.insert(clientErrors).values([
      { ...REPORT, route: '/project/aave', buildId: 'old', createdAt: at(3) },
      { ...REPORT, route: '/project/uniswap', buildId: 'new', createdAt: at(1) },
      { ...REPORT, message: 'x is not a function', route: '/sectors', createdAt: at(2) },
      { ...REPORT, message: 'ancient', createdAt: at(31) },
    ]);

    const response = await admin.request({ method: 'GET', url: '/api/admin/client-errors' });

    expect(response.statusCode).toBe(200);
    const body = AdminClientErrorsResponseSchema.parse(response.json());
    expect(body.retentionDays).toBe(30);
    expect(body.total).toBe(3);
    expect(body.groups.map((g) => [g.message, g.count, g.route, g.buildId, g.routes, g.builds])).toEqual([
      [REPORT.message, 2, '/project/uniswap', 'new', 2, 2],
      ['x is not a function', 1, '/sectors', REPORT.buildId, 1, 1],
    ]);
    expect(body.groups[0]?.lastSeenAt).toBe(at(1).toISOString());
    expect(body.groups[0]?.firstSeenAt).toBe(at(3).toISOString());
  });

  test('the admin list is for admins only', async () => {
    const { agent } = await signUpAgent(t.app, 'client-errors-member@example.com');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/client-errors' });
    const member = await agent.request({ method: 'GET', url: '/api/admin/client-errors' });
    const badLimit = await admin.request({ method: 'GET', url: '/api/admin/client-errors?limit=0' });

    expect(anonymous.statusCode).toBe(401);
    expect(member.statusCode).toBe(403);
    expect(badLimit.statusCode).toBe(400);
  });

  test('retention deletes reports older than 30 days and keeps the rest', async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.db.insert(clientErrors).values([
      { ...REPORT, createdAt: at(30.5) },
      { ...REPORT, createdAt: at(45) },
      { ...REPORT, createdAt: at(29.5) },
    ]);

    const deleted = await cleanupClientErrors(t.db, now);
    const again = await cleanupClientErrors(t.db, now);

    expect([deleted, again]).toEqual([2, 0]);
    expect((await storedRows()).map((r) => r.createdAt)).toEqual([at(29.5)]);
  });
});
