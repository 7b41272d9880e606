import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdminStatsResponseSchema } from '../../../shared/api/admin.schema.ts';
import enErrors from '../../../shared/locales/en/errors.json' with { type: 'json' };
import zhErrors from '../../../shared/locales/zh/errors.json' with { type: 'json' };
import { runAdminCli } from '../../cli/admin.ts';
import { acquireDataDirLock } from '../../db/data-dir-lock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createAgent,
  readLatestMail,
  signUpAdmin,
  signUpAgent,
  signUpUnverifiedAgent,
  TEST_PASSWORD,
} from '../auth/auth.test-support.ts';

const UNAUTHORIZED_ZH = zhErrors.UNAUTHORIZED;
const UNAUTHORIZED_EN = enErrors.UNAUTHORIZED;

/** Every registered /api/admin route, read from the router's tree so a new route cannot skip these tests. */
function listAdminRoutes(t: TestApp): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = []; // the full path at each tree depth
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${depth > 0 ? (prefixes[depth - 1] ?? '') : ''}${match[2]}`;
    prefixes[depth] = path;
    if (!path.startsWith('/api/admin') || !match[3]) continue;
    for (const method of match[3].split(', ')) {
      const url = path.replace(/:\w+/g, 'x').replace(/\/$/, '');
      if (method !== 'HEAD' && !routes.some((r) => r.method === method && r.url === url)) routes.push({ method, url });
    }
  }
  return routes;
}

describe('admin routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { ADMIN_EMAILS: 'Root@Example.com, ops@example.com' } });
  });
  afterAll(() => t.close());

  test('the admin route list is found (guards against a silently empty loop below)', () => {
    const routes = listAdminRoutes(t);

    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/stats' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/db-setup' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/maintenance/x' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/maintenance/runs' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/twitter-debug' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/corrections' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/corrections/x/accept' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/corrections/x/reject' });
    expect(routes.length).toBeGreaterThan(1); // nested routes of other admin features are found too
  });

  test('signed out, every admin route answers 401 UNAUTHORIZED (sign in first), in the request language', async () => {
    for (const route of listAdminRoutes(t)) {
      const agent = createAgent(t.app);
      const zh = await agent.request({ method: route.method as 'GET', url: route.url, payload: {} });
      const en = await agent.request({ method: route.method as 'GET', url: `${route.url}?lang=en`, payload: {} });

      expect(zh.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(en.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(zh.json().error).toEqual({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_ZH });
      expect(en.json().error).toEqual({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_EN });
    }
  });

  test('a signed-in non-admin gets 403 ADMIN_REQUIRED on every admin route', async () => {
    const { agent } = await signUpAgent(t.app, 'pleb@example.com');

    for (const route of listAdminRoutes(t)) {
      const res = await agent.request({ method: route.method as 'GET', url: `${route.url}?lang=en`, payload: {} });

      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'ADMIN_REQUIRED', message: 'admin permission required' });
    }
  });

  test('an admin gets 200 on every admin GET without a path parameter', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'walker@example.com');
    const gets = listAdminRoutes(t).filter((r) => r.method === 'GET' && !/\/x(\/|$)/.test(r.url));

    expect(gets.length).toBeGreaterThan(3);
    for (const route of gets) {
      const res = await admin.request({ method: 'GET', url: route.url });
      expect(res.statusCode, `GET ${route.url}`).toBe(200);
    }
  });

  test('an e-mail in ADMIN_EMAILS becomes admin once verified, then reaches /api/admin/stats from a new session', async () => {
    const { agent, me } = await signUpUnverifiedAgent(t.app, 'root@example.com');
    const beforeVerification = await agent.request({ method: 'GET', url: '/api/admin/stats' });
    const { token } = await readLatestMail(t.db, 'root@example.com');

    await agent.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    const oldSession = await agent.request({ method: 'GET', url: '/api/admin/stats' });
    await agent.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'root@example.com', password: TEST_PASSWORD },
    });
    const res = await agent.request({ method: 'GET', url: '/api/admin/stats' });

    expect(me.user.role).toBe('user'); // an unverified address proves nothing: no role yet
    expect(beforeVerification.statusCode).toBe(403);
    // Verified in the browser that signed up: that browser keeps a (re-issued) session, now with the role.
    expect(oldSession.statusCode).toBe(200);
    expect(res.statusCode).toBe(200);
    const stats = AdminStatsResponseSchema.parse(res.json());
    expect(stats.admins).toBeGreaterThanOrEqual(1);
    expect(stats.users).toBeGreaterThanOrEqual(stats.admins);
    expect(stats.activeSessions).toBeGreaterThanOrEqual(1);
  });

  test('someone who signs up first with a listed admin address does not get the role', async () => {
    const { agent } = await signUpUnverifiedAgent(t.app, 'ops@example.com'); // never follows the link: not the mailbox owner

    await agent.request({ method: 'POST', url: '/api/auth/sign-out' });
    const again = await agent.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ops@example.com', password: TEST_PASSWORD },
    });

    expect(again.json().user.role).toBe('user');
  });

  test('a role granted in the database (as the CLI does) also passes the guard', async () => {
    const agent = await signUpAdmin(t.app, t.db, 'granted@example.com');

    const res = await agent.request({ method: 'GET', url: '/api/admin/stats' });

    expect(res.statusCode).toBe(200);
  });
});

describe('npm run admin -- grant <email>', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'heatrank-admin-cli-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('grants, lists and revokes the role of an existing account; an unknown e-mail is explained', async () => {
    const env = process.env.TEST_DATABASE_URL ? undefined : { DATA_DIR: tempDir(), LOG_LEVEL: 'silent' };
    if (!env) return; // the CLI's own database here is embedded PGlite; Postgres runs are covered by the HTTP tests
    const t = await buildTestApp({ catalogue: false, env: { ...env, CATALOGUE_AUTOLOAD: 'false' } });
    await signUpAgent(t.app, 'cli@example.com');
    await t.close(); // releases the data-directory lock, as stopping the server would

    const grant = await runAdminCli(['grant', 'CLI@example.com'], env);
    const list = await runAdminCli(['list'], env);
    const revoke = await runAdminCli(['revoke', 'cli@example.com'], env);
    const unknown = await runAdminCli(['grant', 'ghost@example.com'], env);
    const usage = await runAdminCli(['promote'], env);

    expect(grant).toEqual({ code: 0, out: 'cli@example.com is now an admin' });
    expect(list).toEqual({ code: 0, out: 'cli@example.com' });
    expect(revoke).toEqual({ code: 0, out: 'cli@example.com is now a regular user' });
    expect(unknown.code).toBe(1);
    expect(unknown.out).toMatch(/no account with e-mail ghost@example.com: sign up first/);
    expect(usage.code).toBe(2);
  }, 120_000); // five PGlite opens of an on-disk directory, each migrating: slow under a parallel suite

  test('while the server holds the PGlite data directory, the CLI stops with the lock message', async () => {
    const dataDir = tempDir();
    const lock = acquireDataDirLock(dataDir, 'server');
    try {
      const { stderr, code } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/admin.ts', 'grant', 'someone@example.com'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      ).then(
        (ok) => ({ ...ok, code: 0 }),
        (error: { stderr: string; code: number }) => error,
      );

      expect(code).toBe(1);
      expect(stderr).toMatch(/the server is running on this data directory .*stop it or use DATABASE_URL/);
    } finally {
      lock.release();
    }
  });
});
