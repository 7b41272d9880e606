import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const PRECOMPRESSED_SOURCE = `export const data = ${JSON.stringify('y'.repeat(5000))};`;
const STORED_GZIP = gzipSync(PRECOMPRESSED_SOURCE, { level: 1 });

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'heatrank-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>HeatRank</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    // As the build writes them (scripts/precompress-plugin.ts): the same file, compressed beside it.
    writeFileSync(join(dist, 'assets', 'chunk-def456.js'), PRECOMPRESSED_SOURCE);
    writeFileSync(join(dist, 'assets', 'chunk-def456.js.br'), brotliCompressSync(PRECOMPRESSED_SOURCE));
    writeFileSync(join(dist, 'assets', 'chunk-def456.js.gz'), STORED_GZIP);
    t = await buildTestApp({ catalogue: false, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each(['/', '/directory', '/project/uniswap', '/some/unknown/path'])(
    '%s gets index.html (client routing)',
    async (url) => {
      const res = await t.app.inject({ url });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  test('hashed assets are immutable and compressed', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  test('a file the build compressed is sent as compressed there, by what the browser accepts', async () => {
    const br = await t.app.inject({
      url: '/assets/chunk-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PRECOMPRESSED_SOURCE);

    const gz = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The stored copy (level 1), not one compressed now at the server's level.
    expect(gz.rawPayload.equals(STORED_GZIP)).toBe(true);

    const plain = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED_SOURCE);
  });

  test('/api never falls back to the web app', async () => {
    const res = await t.app.inject({ url: '/api/unknown' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('index.html preloads the texts of the language the app will start in', () => {
  let t: TestApp;
  let dist: string;
  const zh = 'assets/locale-zh-aaaa1111.js';
  const en = 'assets/locale-en-bbbb2222.js';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'heatrank-dist-'));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    // As the build writes them: the zh texts preloaded (vite.config.ts), both languages in the manifest.
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><link rel="modulepreload" crossorigin href="/${zh}"></head><div id="root"></div>`,
    );
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'lib/locale-zh.ts': { file: zh }, 'lib/locale-en.ts': { file: en } }),
    );
    t = await buildTestApp({ catalogue: false, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const preloaded = (body: string) => [...body.matchAll(/href="\/(assets\/locale-[^"]+)"/g)].map((m) => m[1]);

  test.each([
    ['no language header: zh, the default', {}, zh],
    ['a Chinese browser', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, zh],
    ['an English browser', { 'accept-language': 'en-GB,en;q=0.9' }, en],
    ['the first supported language of the list', { 'accept-language': 'fr-FR, de;q=0.9, en;q=0.8, zh;q=0.7' }, en],
    ['no supported language: zh', { 'accept-language': 'fr, de' }, zh],
    ['the reader chose zh in an English browser', { 'accept-language': 'en-US', cookie: 'a=1; language=zh' }, zh],
    ['the reader chose en in a Chinese browser', { 'accept-language': 'zh-CN', cookie: 'language=en' }, en],
    ['an unknown stored value falls back to the browser', { 'accept-language': 'en', cookie: 'language=xx' }, en],
  ])('%s', async (_name, headers, file) => {
    const res = await t.app.inject({ url: '/directory', headers });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(preloaded(res.body)).toEqual([file]);
    expect(res.body).toContain('<div id="root">');
  });

  test('the English page revalidates by its ETag', async () => {
    const headers = { 'accept-language': 'en' };
    const first = await t.app.inject({ url: '/', headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await t.app.inject({ url: '/', headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The zh page is another document: its own validator.
    const chinese = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(chinese.statusCode).toBe(200);
  });
});
