import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { SESSION_SECURITY_SCHEME } from './openapi-operations.ts';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }>; security?: unknown[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('the OpenAPI document says what the server answers', () => {
  test('no path ends in a slash; the slash-less form the web app uses is the documented one', async () => {
    expect(Object.keys(doc.paths).filter((path) => path !== '/' && path.endsWith('/'))).toEqual([]);
    expect(doc.paths['/api/projects']?.get).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: '/api/projects?limit=1' });
    expect(res.statusCode).toBe(200);
  });

  test('every operation documents its error answers in the error shape; 404 where it takes an id', () => {
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${path}`).toContain('400');
      const bad = op.responses['400']?.content?.['application/json'] as { schema?: { properties?: object } };
      expect(Object.keys(bad?.schema?.properties ?? {}), `${method} ${path}`).toEqual(['error']);
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      expect(
        statuses.some((status) => status.startsWith('2') || status.startsWith('3')),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  test('deletes answer 204 without a body, as documented', async () => {
    const deletes = operations().filter(({ method }) => method === 'DELETE');
    expect(deletes.length).toBeGreaterThan(5);
    for (const { path, op } of deletes) {
      const noContent = op.responses['204'];
      if (noContent) expect(noContent.content, `DELETE ${path}`).toBeUndefined();
      else expect(op.responses['200'], `DELETE ${path} documents neither 204 nor 200`).toBeDefined();
    }
    for (const path of ['/api/watchlists/{id}', '/api/alerts/{id}', '/api/saved-searches/{id}', '/api/exports/{id}']) {
      expect(Object.keys(doc.paths[path]?.delete?.responses ?? {}), path).toContain('204');
    }
  });

  test('the session cookie is a declared security scheme on the web routes; /api/v1 keeps its bearer key', () => {
    expect(doc.components.securitySchemes[SESSION_SECURITY_SCHEME]).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'hr_session' }),
    );
    const me = doc.paths['/api/me']?.get;
    expect(me?.security).toEqual([{}, { [SESSION_SECURITY_SCHEME]: [] }]);
    expect(JSON.stringify(doc.paths['/api/v1/projects']?.get?.security)).not.toContain(SESSION_SECURITY_SCHEME);
  });

  test('limits equal the server’s: the profile name is documented up to 50 characters', () => {
    const patch = doc.paths['/api/me/profile']?.patch as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: { name: object } } } } };
    };
    expect(JSON.stringify(patch.requestBody.content['application/json'].schema.properties.name)).toMatch(
      /"maxLength":50\b/,
    );
  });
});
