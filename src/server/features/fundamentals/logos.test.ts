import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Project } from '../../../shared/api/projects.schema.ts';
import { projectLogos, projects } from '../../db/schema/index.ts';
import { isPrivateAddress, sniffImageType } from '../../sources/logos/image-type.ts';
import { downloadLogo } from '../../sources/logos/logo.client.ts';
import {
  FAST_INGEST_ENV,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { TEST_LOGO_PNG } from '../../sources/testing/fundamentals-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import type { IngestDeps } from '../ingestion/ingestion.service.ts';
import { runIngestionSource } from '../ingestion/ingestion.service.ts';

const png = (extra: Record<string, string> = {}): FakeResponse => ({
  headers: { 'content-type': 'image/png', ...extra },
  bytes: TEST_LOGO_PNG,
});

describe('logos: downloaded once, stored in the database, served from our origin', () => {
  let t: TestApp;
  let fake: FakeServer;
  let next: FakeResponse[] = [];
  let deps: IngestDeps;
  const now = new Date('2026-11-24T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => next.shift() ?? { status: 500, body: {} });
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, LOGO_MAX_BYTES: '2048' } });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap', logoUrl: `${fake.url}/uniswap.png` });
    t.cache.invalidate(); // rows rewritten behind the app's back: drop its cached answers
    next = [];
  });

  const project = async () => (await t.app.inject({ method: 'GET', url: '/api/projects/uniswap' })).json<Project>();
  const stored = async () => (await t.db.select().from(projectLogos).where(eq(projectLogos.projectId, 'uniswap')))[0];

  test('a stored logo is served by us with long cache headers, its ETag and a locked-down type', async () => {
    expect((await project()).logoUrl).toBeNull(); // the source's address is never handed to the page
    next = [png()];

    const result = await runIngestionSource(deps, 'logos', 'cli');

    expect(result.counts).toMatchObject({ candidates: 1, stored: 1, failedDownloads: 0 });
    const logoUrl = (await project()).logoUrl;
    expect(logoUrl).toMatch(/^\/api\/logos\/uniswap\?v=[0-9a-f]{20}$/);
    const res = await t.app.inject({ method: 'GET', url: logoUrl as string });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(TEST_LOGO_PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${logoUrl?.split('v=')[1]}"`);
    const again = await t.app.inject({ method: 'GET', url: logoUrl as string, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // Downloaded once: the next run has nothing to do.
    const second = await runIngestionSource(deps, 'logos', 'cli');
    expect(second.counts).toMatchObject({ candidates: 0 });
    expect(fake.requests.filter((r) => r.path === '/uniswap.png')).toHaveLength(1);
  });

  const refusals: { name: string; response: FakeResponse; error: RegExp }[] = [
    {
      name: 'over the size limit (Content-Length)',
      response: { headers: { 'content-type': 'image/png' }, bytes: Buffer.alloc(4096, 1) },
      error: /over the 2048-byte limit/,
    },
    {
      name: 'an SVG (a document that can carry script)',
      response: { headers: { 'content-type': 'image/svg+xml' }, raw: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      error: /unsupported content type image\/svg\+xml/,
    },
    {
      name: 'HTML labelled as a PNG',
      response: { headers: { 'content-type': 'image/png' }, raw: '<html><script>alert(1)</script></html>' },
      error: /not a valid image \(declared image\/png\)/,
    },
    { name: 'a 404', response: { status: 404, body: {} }, error: /HTTP 404/ },
  ];

  test.each(refusals)(
    'refused: $name; nothing is served and the page shows the initial',
    async ({ response, error }) => {
      next = [response];

      const result = await runIngestionSource(deps, 'logos', 'cli');

      expect(result.counts).toMatchObject({ stored: 0, failedDownloads: 1 });
      expect(result.errors.join()).toMatch(error);
      expect((await project()).logoUrl).toBeNull();
      expect(await stored()).toMatchObject({ bytes: null, error: expect.stringMatching(error) });
      const res = await t.app.inject({ method: 'GET', url: '/api/logos/uniswap?lang=en' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'LOGO_NOT_FOUND' } });
    },
  );

  test('a 5xx is retried; a failure after a stored logo keeps serving the stored one', async () => {
    next = [{ status: 503, body: {} }, png()];
    await runIngestionSource(deps, 'logos', 'cli');
    const before = (await project()).logoUrl;
    expect(before).not.toBeNull();
    await t.db
      .update(projects)
      .set({ logoUrl: `${fake.url}/new.png` })
      .where(eq(projects.id, 'uniswap'));
    next = [
      { status: 500, body: {} },
      { status: 500, body: {} },
    ];

    const result = await runIngestionSource(deps, 'logos', 'cli');

    expect(result.counts).toMatchObject({ failedDownloads: 1 });
    expect((await project()).logoUrl).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: before as string })).statusCode).toBe(200);
  });

  test('a private or loopback address is refused unless allowed (tests only)', async () => {
    const policy = { timeoutMs: 1000, maxRetries: 0, retryBaseMs: 1, maxWaitMs: 10 };
    await expect(
      downloadLogo(`${fake.url}/uniswap.png`, { policy, maxBytes: 2048, allowPrivateHosts: false }),
    ).rejects.toThrow(/refused a private address/);
    await expect(
      downloadLogo('file:///etc/passwd', { policy, maxBytes: 2048, allowPrivateHosts: true }),
    ).rejects.toThrow(/unsupported scheme/);
    expect(
      ['127.0.0.1', '10.1.2.3', '192.168.0.1', '172.20.0.1', '169.254.169.254', '::1', 'localhost'].every(
        isPrivateAddress,
      ),
    ).toBe(true);
    expect(['8.8.8.8', '172.32.0.1', '2606:4700::1111'].some(isPrivateAddress)).toBe(false);
  });

  test('the bytes decide the type: PNG, JPEG, GIF and WebP signatures, nothing else', () => {
    expect(sniffImageType(TEST_LOGO_PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg'))).toBeNull();
  });
});
