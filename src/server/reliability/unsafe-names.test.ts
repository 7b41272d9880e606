import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpVip } from '../features/api-keys/api-keys.test-support.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
});
afterAll(async () => {
  await t.close();
});

// U+202E (right-to-left override) makes "list‮txt.exe" read "listexe.txt"; U+2066 opens an isolate; U+0007 is BEL.
const UNSAFE = ['list\u202etxt.exe', 'a\u2066b', 'bell\u0007', 'two\u2028lines'];

describe('names refuse control and text-direction characters', () => {
  test('profile, watchlist, saved search and API key names: 400 naming the field, nothing stored', async () => {
    const { agent } = await signUpVip(t.app, t.db, 'unsafe-names@example.com');
    const routes = [
      { method: 'PATCH' as const, url: '/api/me/profile', body: (name: string) => ({ name }), list: null },
      { method: 'POST' as const, url: '/api/watchlists', body: (name: string) => ({ name }), list: '/api/watchlists' },
      {
        method: 'POST' as const,
        url: '/api/saved-searches',
        body: (name: string) => ({ name, query: { q: 'x' } }),
        list: '/api/saved-searches',
      },
      {
        method: 'POST' as const,
        url: '/api/me/api-keys',
        body: (name: string) => ({ name }),
        list: '/api/me/api-keys',
      },
    ];
    for (const route of routes) {
      for (const name of UNSAFE) {
        const res = await agent.request({
          method: route.method,
          url: `${route.url}?lang=en`,
          payload: route.body(name),
        });
        expect(res.statusCode, `${route.url} ${JSON.stringify(name)}`).toBe(400);
        expect(res.json().error.message).toMatch(/name.*text-direction/i);
        expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'name' })]);
      }
      if (route.list) {
        const listed = await agent.request({ method: 'GET', url: route.list });
        expect(JSON.stringify(listed.json())).not.toMatch(/list|bell|two/);
      }
    }
    const me = (await agent.request({ method: 'GET', url: '/api/me' })).json();
    expect(JSON.stringify(me)).not.toMatch(/[\u202e\u2066\u2028]|\\u0007|list|bell/);
    // Arabic and Hebrew names themselves are fine: only the invisible controls are refused.
    const arabic = await agent.request({ method: 'POST', url: '/api/watchlists', payload: { name: 'قائمة المراقبة' } });
    expect(arabic.statusCode).toBe(201);
  });
});
