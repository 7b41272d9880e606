import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAgent } from '../features/auth/auth.test-support.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { rawRequest } from '../test/raw-http.ts';

// Answers that Node's HTTP parser or Fastify's router give before any route runs still carry our error shape.
describe('errors raised before a route runs, over a real socket', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string; message: string } }).error;

  test('request headers too large → 431 HEADERS_TOO_LARGE, in zh by default', async () => {
    const res = await rawRequest(port, `GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);

    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(res.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.stringMatching(/请求头/) });
  });

  test('the 431 answer reads in English when the request line asks for it', async () => {
    const big = `X-Big: ${'a'.repeat(40_000)}\r\n`;
    const res = await rawRequest(port, `GET /api/ping?lang=en HTTP/1.1\r\nHost: x\r\n${big}\r\n`);

    expect(errorOf(res.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.stringMatching(/header/i) });
  });

  test('a request that is not HTTP → 400 MALFORMED_REQUEST', async () => {
    const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');

    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toEqual({ code: 'MALFORMED_REQUEST', message: expect.any(String) });
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  });

  test('an invalid percent-encoding in the path (FST_ERR_BAD_URL) → 400 INVALID_URL in the asked language', async () => {
    const res = await rawRequest(port, 'GET /api/projects/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n');

    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toEqual({ code: 'INVALID_URL', message: expect.stringMatching(/URL/) });
  });

  test('a path parameter over the router limit falls through to the /api/* catch-all: NOT_FOUND in our shape', async () => {
    // (Were it ever routed to FST_ERR_MAX_PARAM_LENGTH instead, frameworkErrors answers 414 URI_TOO_LONG.)
    const res = await rawRequest(port, `GET /api/projects/${'a'.repeat(300)}/heat HTTP/1.1\r\nHost: x\r\n\r\n`);

    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('body parser errors read in the request language with their own codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  // A real browser-like client with a valid (signed) CSRF token, so the body parser is what answers.
  const post = (contentType: string, payload: string) =>
    createAgent(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in?lang=en',
      headers: { 'content-type': contentType },
      payload,
    });

  test.each([
    ['application/json', '{', 400, 'INVALID_JSON'],
    ['application/json', '', 400, 'INVALID_JSON'],
    ['application/xml', '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('%s %j → %i %s', async (contentType, payload, status, code) => {
    const res = await post(contentType, payload);

    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message: expect.not.stringMatching(/content-type is set/) } });
  });
});
