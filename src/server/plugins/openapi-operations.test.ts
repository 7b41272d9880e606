import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { operationIdOf, placeNullable, SESSION_SECURITY_SCHEME } from './openapi-operations.ts';

type Operation = {
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
  summary?: string;
  operationId?: string;
};
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

  test('every operation has a summary and an operationId of its own (what generated clients name it by)', () => {
    const ops = operations();

    expect(ops.filter(({ op }) => !op.summary?.trim()).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    expect(doc.paths['/api/projects/{id}']?.get?.operationId).toBe('getProjectsById');
  });
});

describe('the transform’s helpers', () => {
  test.each([
    { method: 'GET', url: '/api/projects/', expected: 'getProjects' },
    { method: 'DELETE', url: '/api/watchlists/:id/items/:projectId', expected: 'deleteWatchlistsByIdItemsByProjectId' },
    { method: 'POST', url: '/api/auth/password-reset/request', expected: 'postAuthPasswordResetRequest' },
    { method: 'GET', url: '/api/v1/projects/{id}', expected: 'getV1ProjectsById' },
  ])('$method $url is $expected', ({ method, url, expected }) => {
    expect(operationIdOf(method, url)).toBe(expected);
  });

  test('nullable moves from beside a oneOf into its first (typed) branch, so null matches exactly one branch', () => {
    const schema = {
      type: 'object',
      properties: {
        mapped: { nullable: true, oneOf: [{ type: 'object', properties: {} }, { type: 'string' }] },
        raw: { nullable: true, anyOf: [{ $ref: '#/components/schemas/X' }] },
      },
      example: { nullable: true, anyOf: [{ type: 'string' }] },
    };

    placeNullable(schema);

    expect(schema.properties.mapped).toEqual({
      oneOf: [{ type: 'object', properties: {}, nullable: true }, { type: 'string' }],
    });
    expect(schema.properties.raw).toEqual({ nullable: true, anyOf: [{ $ref: '#/components/schemas/X' }] });
    expect(schema.example).toEqual({ nullable: true, anyOf: [{ type: 'string' }] });
  });
});
