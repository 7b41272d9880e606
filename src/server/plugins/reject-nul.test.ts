import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Agent, signUpAdmin } from '../features/auth/auth.test-support.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// PostgreSQL text cannot hold U+0000: before this guard each of these reached the database and came back as a 500
// that logged the statement with its parameters.
describe('a NUL character in any string input', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: true });
    admin = await signUpAdmin(t.app, t.db, 'nul-admin@example.com');
  });
  afterAll(() => t.close());

  const expectRejected = (res: { statusCode: number; json: () => unknown }, lang: 'zh' | 'en' = 'zh') => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'INVALID_CHARACTERS',
        message: lang === 'en' ? expect.stringMatching(/character/i) : expect.stringMatching(/字符/),
      },
    });
  };

  test.each([
    '/api/projects?q=%00',
    '/api/projects?q=bit%00coin&limit=5',
    '/api/projects/eth%00ereum',
    '/api/projects/eth%00ereum/heat',
    '/api/projects/eth%00ereum/history',
    '/api/sectors/defi%00',
    '/api/platforms/x%00',
  ])('GET %s → 400 INVALID_CHARACTERS', async (url) => {
    expectRejected(await t.app.inject({ method: 'GET', url }));
  });

  test('the message follows the request language', async () => {
    expectRejected(await t.app.inject({ method: 'GET', url: '/api/projects?q=%00&lang=en' }), 'en');
  });

  test('in a JSON body, nested or as a key: the admin label of a social account', async () => {
    const url = '/api/admin/social-accounts';
    expectRejected(await admin.request({ method: 'POST', url, payload: { label: 'ma\u0000in', bearerToken: 'x' } }));
    expectRejected(await admin.request({ method: 'POST', url, payload: { label: 'ok', 'bearer\u0000Token': 'x' } }));
    expectRejected(
      await admin.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: ['a\u0000@b.c'], password: 'x' },
      }),
    );
  });

  test('a string without NUL still passes (other control characters are the schemas’ business)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects?q=bit%01coin' });
    expect(res.statusCode).toBe(200);
  });
});
