import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdminProjectListResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';

// GET /api/admin/projects: the /admin page's list. The 401/403 cases are admin.routes.test.ts's walk.
describe('GET /api/admin/projects', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp(); // the built-in catalogue
    admin = await signUpAdmin(t.app, t.db, 'list-admin@example.com');
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await admin.request({ method: 'GET', url: `/api/admin/projects?${query}` });
    expect(res.statusCode).toBe(200);
    return AdminProjectListResponseSchema.parse(res.json());
  };

  test('pages through every project by name, with the total', async () => {
    const first = await list('limit=5');
    const second = await list('limit=5&offset=5');
    const names = [...first.items, ...second.items].map((p) => p.name);

    expect(first.total).toBeGreaterThan(10);
    expect(second.total).toBe(first.total);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(10);
  });

  test('q matches the id, the name or the symbol, case-insensitively; a % is a literal', async () => {
    const byId = await list('q=UNISWAP');
    const bySymbol = await list('q=uni');
    const literal = await list('q=%25');

    expect(byId.items.map((p) => p.id)).toContain('uniswap');
    expect(bySymbol.items.map((p) => p.id)).toContain('uniswap');
    expect(literal.total).toBe(0);
  });

  test('a bad page size is a 400 in the error shape', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/projects?limit=1000' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
