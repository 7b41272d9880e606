import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generateTypes } from 'heatrank-openapi-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/auth.values.ts';
import { waitForMail } from '../features/auth/auth.test-support.ts';
import { creditPoints } from '../features/points/points.service.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// What a user of the API does (docs/api.md "Generated clients"): fetch the served document, generate its types with
// openapi-typescript, and call the server through openapi-fetch. The calls below are a user's code: compiled against
// the generated types first (a renamed parameter or an undocumented answer shape fails here), then run against the
// live server. The files go to test-output/ (git-ignored), inside the repository so that `openapi-fetch` resolves.

const ROOT = resolve(import.meta.dirname, '../../..');
const TSC = join(ROOT, 'node_modules/.bin/tsc');

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    skipLibCheck: true, // openapi-fetch's own .d.ts; the generated schema.ts is checked
    lib: ['ES2022', 'DOM'],
    types: [],
  },
  files: ['calls.ts'],
};

const CALLS = `
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.ts';

const CSRF_COOKIE = ${JSON.stringify(CSRF_COOKIE)};
const CSRF_HEADER = ${JSON.stringify(CSRF_HEADER)};

/** A client that keeps the server's cookies and echoes the CSRF cookie in the CSRF header on writes, as the web app does. */
export function connect(baseUrl: string) {
  const cookies = new Map<string, string>();
  const session: Middleware = {
    onRequest({ request }) {
      if (cookies.size > 0) request.headers.set('cookie', [...cookies].map(([name, value]) => name + '=' + value).join('; '));
      const csrf = cookies.get(CSRF_COOKIE);
      if (csrf && request.method !== 'GET') request.headers.set(CSRF_HEADER, csrf);
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
  const api = createClient<paths>({ baseUrl });
  api.use(session);
  return api;
}
export type Api = ReturnType<typeof connect>;

export async function readPublic(api: Api) {
  const list = await api.GET('/api/projects', { params: { query: { limit: 3 } } });
  const firstId: string = list.data?.items[0]?.id ?? '';
  const one = await api.GET('/api/projects/{id}', { params: { path: { id: firstId } } });
  const missing = await api.GET('/api/projects/{id}', { params: { path: { id: 'no-such-project' } } });
  const sectors = await api.GET('/api/sectors');
  return {
    list: { status: list.response.status, ids: list.data?.items.map((item) => item.id), total: list.data?.total },
    one: { status: one.response.status, id: one.data?.id, name: one.data?.name },
    missing: { status: missing.response.status, code: missing.error?.error.code, message: missing.error?.error.message },
    sectors: { status: sectors.response.status, ids: sectors.data?.items.map((sector) => sector.id) },
  };
}

export async function signUp(api: Api, email: string, password: string) {
  await api.GET('/api/auth/csrf');
  const body = { email, password, confirmPassword: password, acceptTerms: true as const };
  const signedUp = await api.POST('/api/auth/sign-up', { body });
  return { status: signedUp.response.status, userId: signedUp.data?.user.id, error: signedUp.error?.error.code };
}

export async function verifyEmail(api: Api, token: string) {
  const verified = await api.POST('/api/auth/verify-email', { body: { token } });
  return { status: verified.response.status, ok: verified.data?.ok };
}

export async function createAndDeleteWatchlist(api: Api, name: string) {
  const created = await api.POST('/api/watchlists', { body: { name } });
  const id: string = created.data?.id ?? '';
  const deleted = await api.DELETE('/api/watchlists/{id}', { params: { path: { id } } });
  const after = await api.GET('/api/watchlists/{id}', { params: { path: { id } } });
  return {
    created: { status: created.response.status, name: created.data?.name, itemCount: created.data?.itemCount, error: created.error?.error.code },
    deleted: { status: deleted.response.status, data: deleted.data, error: deleted.error },
    after: { status: after.response.status, code: after.error?.error.code },
  };
}
`;

type Calls = {
  connect: (baseUrl: string) => unknown;
  readPublic: (api: unknown) => Promise<{
    list: { status: number; ids?: string[]; total?: number };
    one: { status: number; id?: string; name?: string };
    missing: { status: number; code?: string; message?: string };
    sectors: { status: number; ids?: string[] };
  }>;
  signUp: (api: unknown, email: string, password: string) => Promise<{ status: number; userId?: string }>;
  verifyEmail: (api: unknown, token: string) => Promise<{ status: number; ok?: boolean }>;
  createAndDeleteWatchlist: (api: unknown, name: string) => Promise<Record<string, Record<string, unknown>>>;
};

describe('a client generated from the served OpenAPI document', () => {
  let t: TestApp;
  let base: string;
  let folder: string;
  let compiled: string; // tsc's report on calls.ts and the generated schema.ts: empty when they compile
  let calls: Calls;
  beforeAll(async () => {
    t = await buildTestApp(); // the default seed: the built-in catalogue
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await mkdir(join(ROOT, 'test-output'), { recursive: true });
    folder = await mkdtemp(join(ROOT, 'test-output', 'openapi-client-'));

    const res = await fetch(`${base}/api/docs`);
    if (res.status !== 200) throw new Error(`GET /api/docs answered ${res.status}`);
    await writeFile(join(folder, 'schema.ts'), await generateTypes((await res.json()) as object));
    await writeFile(join(folder, 'calls.ts'), CALLS);
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    compiled = await promisify(execFile)(TSC, ['-p', join(folder, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    calls = (await import(join(folder, 'calls.ts'))) as Calls; // runs whatever tsc said: the types are erased
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('openapi-typescript generates types from /api/docs that the calls compile against', () => {
    expect(compiled).toBe('');
  });

  test('reads: projects with a limit, one project, the documented 404 error, sectors', async () => {
    const read = await calls.readPublic(calls.connect(base));

    expect(read.list.status).toBe(200);
    expect(read.list.ids).toHaveLength(3);
    expect(read.list.total).toBeGreaterThan(3);
    expect(read.one).toMatchObject({ status: 200, id: read.list.ids?.[0] });
    expect(read.one.name).toEqual(expect.any(String));
    expect(read.missing).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND', message: expect.any(String) });
    expect(read.sectors.status).toBe(200);
    expect(read.sectors.ids?.length).toBeGreaterThan(0);
  });

  test('a signed-in write: sign up (CSRF header), verify, create a watchlist and DELETE it (204, no body)', async () => {
    const api = calls.connect(base);
    const email = 'openapi-client@example.com';
    const signedUp = await calls.signUp(api, email, 'generated-client-1');
    expect(signedUp.status).toBe(201);
    const { token } = await waitForMail(t.db, email);
    expect(await calls.verifyEmail(api, token ?? '')).toEqual({ status: 200, ok: true });
    // Portfolio tracking is premium: the points a user would have earned, credited as an admin would.
    await creditPoints(t.db, { userId: signedUp.userId!, amount: 1000, reason: 'admin.adjust' });

    const result = await calls.createAndDeleteWatchlist(api, 'From the generated client');

    expect(result).toEqual({
      created: { status: 201, name: 'From the generated client', itemCount: 0, error: undefined },
      deleted: { status: 204, data: undefined, error: undefined },
      after: { status: 404, code: 'NOT_FOUND' },
    });
  });
});
