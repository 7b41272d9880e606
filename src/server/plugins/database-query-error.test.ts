import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Agent, signUpAdmin, signUpAgent } from '../features/auth/auth.test-support.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// Spec §8: a failed database query reads 数据库查询失败 "plus detail" — the detail (SQLSTATE and the database's words,
// never the statement's values) for admins only. The failure is real: the table a route reads is renamed away.
describe('a database query failure', () => {
  let t: TestApp;
  let admin: Agent;
  let member: Agent;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    admin = await signUpAdmin(t.app, t.db, 'db-failure-admin@example.com');
    member = (await signUpAgent(t.app, 'db-failure-member@example.com')).agent;
    await t.db.execute(sql`ALTER TABLE client_errors RENAME TO client_errors_away`);
  });
  afterAll(async () => {
    await t.db.execute(sql`ALTER TABLE client_errors_away RENAME TO client_errors`);
    await t.close();
  });

  test('an admin reads 数据库查询失败 with the SQLSTATE and the database message', async () => {
    const zh = await admin.request({ method: 'GET', url: '/api/admin/client-errors' });
    const en = await admin.request({
      method: 'GET',
      url: '/api/admin/client-errors',
      headers: { 'accept-language': 'en' },
    });

    expect(zh.statusCode).toBe(500);
    expect(zh.json().error).toMatchObject({ code: 'DATABASE_QUERY_FAILED', message: '数据库查询失败' });
    expect(zh.json().error.details).toMatchObject({ sqlState: '42P01' });
    expect(zh.json().error.details.detail).toMatch(/client_errors/);
    expect(en.json().error.message).toBe('Database query failed');
  });

  test('anyone else reads the message without the detail, and no statement value appears', async () => {
    const report = { message: 'secret-value-xyz', route: '/x', boundary: 'app' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    const signedIn = await member.request({ method: 'POST', url: '/api/client-errors', payload: report });

    for (const response of [anonymous, signedIn]) {
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'DATABASE_QUERY_FAILED', message: '数据库查询失败' } });
    }
  });
});
