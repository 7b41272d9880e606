import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../../shared/api/auth.values.ts';
import { ProjectDirectoryResponseSchema } from '../../../shared/api/projects.schema.ts';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';

// The public list and project answers are sent from bytes prepared at cache fill (plain, gzip, brotli), and a URL
// answered before is answered again before validation. These tests pin what must not change on that path.
describe('cached public answers: codings, ETag, the by-URL shortcut', () => {
  let t: TestApp;
  const LIST = '/api/projects?limit=50';

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    // Enough rows, with Chinese text, for a body well over the 1 kB below which nothing is compressed.
    for (let i = 0; i < 12; i++) {
      await insertProject(t.db, {
        id: `p-${i}`,
        name: `Project ${i}`,
        heatScore: 40 + i,
        introZh: `第${i}个去中心化项目`,
      });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  test('brotli and gzip answers decode to exactly the plain answer, chosen by Accept-Encoding', async () => {
    const plain = await get(LIST);
    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzipPreferred = await get(LIST, { 'accept-encoding': 'br;q=0.5, gzip' });
    const brRefused = await get(LIST, { 'accept-encoding': 'br;q=0, *' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(ProjectDirectoryResponseSchema.parse(plain.json()).items).toHaveLength(12);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect([gzipPreferred.headers['content-encoding'], brRefused.headers['content-encoding']]).toEqual([
      'gzip',
      'gzip',
    ]);
    for (const res of [plain, gzip, br]) {
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
  });

  test('a repeated URL keeps its ETag, 304 (also for a weak or listed tag) and the security headers', async () => {
    const first = await get('/api/projects?limit=5&sort=heat');
    const again = await get('/api/projects?limit=5&sort=heat');
    const etag = String(first.headers.etag);
    const notModified = await get('/api/projects?limit=5&sort=heat', { 'if-none-match': etag });
    const weakInList = await get('/api/projects?limit=5&sort=heat', { 'if-none-match': `"other", W/${etag}` });
    const otherTag = await get('/api/projects?limit=5&sort=heat', { 'if-none-match': '"other"' });

    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect([notModified.statusCode, weakInList.statusCode, otherTag.statusCode]).toEqual([304, 304, 200]);
    expect(notModified.body).toBe('');
    for (const res of [again, notModified]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a URL is still validated until it has been answered, and bad input stays a 400 after good input', async () => {
    await get('/api/projects?limit=7');

    const bad = await get('/api/projects?limit=abc');
    const badAgain = await get('/api/projects?limit=abc');
    const nul = await get('/api/projects?limit=7&q=%00');

    expect([bad.statusCode, badAgain.statusCode, nul.statusCode]).toEqual([400, 400, 400]);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  test('after a data change the same URL answers the new data, never the dropped entry', async () => {
    const before = ProjectDirectoryResponseSchema.parse((await get('/api/projects?limit=3')).json());
    await insertProject(t.db, { id: 'hottest', name: 'Hottest', heatScore: 99 });
    await t.events.publish({ type: 'projects.updated', ids: ['hottest'] });

    const after = ProjectDirectoryResponseSchema.parse((await get('/api/projects?limit=3')).json());

    expect(before.items[0]?.id).not.toBe('hottest');
    expect(after.items[0]?.id).toBe('hottest');
  });

  test('a signed-in request still has its session read on a shortcut answer: an ended session is told so', async () => {
    const { agent } = await signUpAgent(t.app, 'cached-answers@example.com');
    await get('/api/projects/p-1'); // a visitor makes the URL warm
    const signedIn = await agent.request({ method: 'GET', url: '/api/projects/p-1' });
    const hadSession = agent.cookies.has(SESSION_COOKIE);
    await t.db.delete(sessions);

    const ended = await agent.request({ method: 'GET', url: '/api/projects/p-1' });

    expect([hadSession, agent.cookies.has(SESSION_COOKIE)]).toEqual([true, false]);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies).toEqual([]);
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe(signedIn.body); // the public answer is the same for everyone
    // The ended session's cookie is cleared (and a fresh anonymous CSRF token handed out).
    expect(ended.cookies.filter((cookie) => cookie.value === '').map((cookie) => cookie.name)).toEqual([
      SESSION_COOKIE,
    ]);
  });
});
