import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import { V1_SECURITY_SCHEME } from '../../../shared/api/v1.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { captureLogLines } from '../../test/log-lines.ts';
import { bearer, createKey, signUpVip } from './api-keys.test-support.ts';

type OpenApi = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

describe('GET /api/docs describes /api/v1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('the v1 paths, the bearer security scheme on each, and an example that matches its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });

    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    expect(doc.components.securitySchemes[V1_SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/'));
    expect(v1.sort()).toEqual([
      '/api/v1/platforms',
      '/api/v1/projects',
      '/api/v1/projects/{id}',
      '/api/v1/projects/{id}/history',
      '/api/v1/projects/{id}/notes',
      '/api/v1/search',
      '/api/v1/sectors',
    ]);
    for (const path of v1) {
      const get = doc.paths[path]?.get as {
        security?: unknown;
        description?: string;
        responses: Record<string, unknown>;
      };
      expect(get.security, path).toEqual([{ [V1_SECURITY_SCHEME]: [] }]);
      expect(Object.keys(get.responses), path).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
      expect(get.description, path).toContain('RateLimit-Remaining');
    }
    // OpenAPI 3.0: the schema's examples become the media type's `example`.
    const list = doc.paths['/api/v1/projects']?.get as {
      responses: { 200: { content: { 'application/json': { example: unknown } } } };
    };
    const example = list.responses[200].content['application/json'].example;
    expect(ProjectListResponseSchema.parse(example).items[0]?.id).toBe('uniswap');
    const sectors = doc.paths['/api/v1/sectors']?.get as { responses: object } | undefined;
    const limited = JSON.stringify(sectors?.responses ?? {});
    expect(limited).toContain('API_LIMIT_REACHED');
  });
});

describe('/api/docs/ui: a browsable reference served from this server only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a browser opening /api/docs is sent to the reference; scripts and ?format=json keep the JSON', async () => {
    const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const browser = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: browserAccept } });
    const script = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: '*/*' } });
    const forced = await t.app.inject({
      method: 'GET',
      url: '/api/docs?format=json',
      headers: { accept: browserAccept },
    });

    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/api/docs/ui/');
    expect(browser.headers.vary).toContain('accept');
    expect(script.statusCode).toBe(200);
    expect(script.json()).toHaveProperty('openapi');
    expect(forced.json()).toHaveProperty('paths');
  });

  test('the page and every asset it names come from this server (no CDN), and the viewer reads the same document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/ui/' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, 'http://x/api/docs/ui/').pathname });
      expect(res.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/ui/static/swagger-initializer.js' });
    expect(initializer.body).toContain('"validatorUrl":null');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/ui/json' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(json.json()).toEqual(docs.json());
  });
});

describe('an API key never reaches the log', () => {
  let t: TestApp;
  const { lines, stream } = captureLogLines();
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  test('create, use (ok, 404, revoked 401) and a logged Authorization header: the key is nowhere in the output', async () => {
    const { agent } = await signUpVip(t.app, t.db, 'log-keys@example.com');
    const created = await createKey(agent);

    await t.app.inject({ method: 'GET', url: '/api/v1/sectors', headers: bearer(created.key) });
    await t.app.inject({ method: 'GET', url: '/api/v1/projects/nope', headers: bearer(created.key) });
    await agent.request({ method: 'POST', url: `/api/me/api-keys/${created.id}/revoke` });
    await t.app.inject({ method: 'GET', url: '/api/v1/sectors', headers: bearer(created.key) });
    // Whoever logs request headers later gets them censored (log-redaction.ts REDACTED_PATHS).
    t.app.log.info({ req: { headers: bearer(created.key) }, headers: bearer(created.key) }, 'headers logged');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(8); // request and response lines were written
    expect(log).toContain('/api/v1/sectors');
    expect(log).not.toContain(created.key);
    expect(log).not.toContain(created.key.slice(20)); // not even the secret part
    const logged = lines.map((l) => JSON.parse(l) as { msg: string }).find((l) => l.msg === 'headers logged');
    expect(logged).toMatchObject({ headers: { authorization: '[redacted]' } });
  });
});
