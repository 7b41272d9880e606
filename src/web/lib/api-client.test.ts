import { afterEach, describe, expect, test } from 'vitest';
import enErrors from '../../shared/locales/en/errors.json' with { type: 'json' };
import zhErrors from '../../shared/locales/zh/errors.json' with { type: 'json' };
import { ApiError, apiGet, apiSend, isClientError } from './api-client.ts';
import { i18n } from './i18n.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

// Offline, the Chinese UI showed the browser's own "Failed to fetch".
describe('a request the network never carried', () => {
  test.each([
    ['zh', zhErrors.NETWORK_ERROR],
    ['en', enErrors.NETWORK_ERROR],
  ] as const)('fails as NETWORK_ERROR with its message in the UI language (%s)', async (language, text) => {
    i18n.addResourceBundle('zh', 'errors', zhErrors);
    i18n.addResourceBundle('en', 'errors', enErrors);
    await i18n.changeLanguage(language);
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };

    const error = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: text, language });
    expect((error as ApiError).message).not.toContain('Failed to fetch');
  });

  test('a proxy\'s 502 page (not our error body) reads as a server error in the UI language, not "HTTP 502"', async () => {
    i18n.addResourceBundle('zh', 'errors', zhErrors);
    await i18n.changeLanguage('zh');
    globalThis.fetch = async () => new Response('<html>Bad Gateway</html>', { status: 502 });

    const error = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: zhErrors.INTERNAL, language: 'zh' });
  });
});

// Spec §8: the generic messages, each in the situation it names.
describe('a failed call is classified: network, server, timeout or unknown', () => {
  const loadTexts = async () => {
    i18n.addResourceBundle('en', 'errors', enErrors);
    await i18n.changeLanguage('en');
  };

  test('a fetch TypeError → "Network connection error"', async () => {
    await loadTexts();
    globalThis.fetch = async () => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    };

    const error = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network connection error' });
  });

  test('our error body with 500 → the server\'s code; no body → "Server error"', async () => {
    await loadTexts();
    globalThis.fetch = async () => new Response('', { status: 503 });

    const error = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 503, code: 'INTERNAL', message: 'Server error' });
  });

  test('a success without JSON (a proxy answering for us) → "Server error"; 204 → no body; JSON → the body', async () => {
    await loadTexts();
    globalThis.fetch = async () => new Response('<html>Welcome</html>', { status: 200 });
    expect(await apiGet('/api/sectors').catch((caught: unknown) => caught)).toMatchObject({
      status: 200,
      code: 'INTERNAL',
      message: 'Server error',
    });

    globalThis.fetch = async () => new Response(null, { status: 204 });
    expect(await apiGet('/api/sectors')).toBeUndefined();

    globalThis.fetch = async () => Response.json({ items: [{ id: 'defi' }] });
    expect(await apiGet('/api/sectors')).toEqual({ items: [{ id: 'defi' }] });
  });

  test('our error body read by hand: code, message and details; a body of another shape reads by its status', async () => {
    await loadTexts();
    globalThis.fetch = async () =>
      Response.json({ error: { code: 'NOT_FOUND', message: 'No such sector', details: { id: 'x' } } }, { status: 404 });
    expect(await apiGet('/api/sectors/x').catch((caught: unknown) => caught)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such sector',
      details: { id: 'x' },
    });

    globalThis.fetch = async () => Response.json({ error: { code: 404, message: ['no'] } }, { status: 404 });
    expect(await apiGet('/api/sectors/x').catch((caught: unknown) => caught)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Page not found',
    });
  });

  test('a gateway\'s page without our body reads by its status: 403 → "Access forbidden", 504 → "Request timeout"', async () => {
    await loadTexts();
    const answer = (status: number) => async () => new Response('<html>nginx</html>', { status });

    globalThis.fetch = answer(403);
    const forbidden = await apiGet('/api/sectors').catch((caught: unknown) => caught);
    globalThis.fetch = answer(504);
    const gateway = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Access forbidden' });
    expect(gateway).toMatchObject({ status: 504, code: 'REQUEST_TIMEOUT', message: 'Request timeout' });
  });

  test('no answer before the timeout → "Request timeout" (408, retried like any timeout)', async () => {
    await loadTexts();
    globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });

    const error = await apiGet('/api/sectors', { timeoutMs: 20 }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT', message: 'Request timeout' });
    expect(isClientError(error)).toBe(false);
  });

  test('a caller that gives up is not a failure: its abort is passed on as is', async () => {
    globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const controller = new AbortController();

    const pending = apiGet('/api/sectors', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();

    expect(await pending).not.toBeInstanceOf(ApiError);
  });

  test('anything else → "Unknown error"', async () => {
    await loadTexts();
    globalThis.fetch = async () => {
      throw new RangeError('something odd');
    };

    const error = await apiGet('/api/sectors').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'UNKNOWN', message: 'Unknown error' });
  });
});

describe('isClientError: which refusals a retry cannot fix (no retry, no "data loading failed" banner)', () => {
  test('a used-up daily quota is the reader’s own answer; load shedding and timeouts are not', () => {
    expect(isClientError(new ApiError(429, 'SEARCH_LIMIT_REACHED', 'limit', { limit: 10 }))).toBe(true);
    expect(isClientError(new ApiError(429, 'EXPORT_LIMIT_REACHED', 'limit'))).toBe(true);
    expect(isClientError(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(false);
    expect(isClientError(new ApiError(408, 'BAD_REQUEST', 'timeout'))).toBe(false);
    expect(isClientError(new ApiError(404, 'PROJECT_NOT_FOUND', 'missing'))).toBe(true);
    expect(isClientError(new ApiError(503, 'UPSTREAM_UNAVAILABLE', 'down'))).toBe(false);
    expect(isClientError(new ApiError(0, 'UPSTREAM_UNAVAILABLE', 'offline'))).toBe(false);
  });
});

// An admin promoted a model and her page went on showing the old one: the refetch after a write read the browser's
// copy of /api/methodology/models (public, max-age=30) from before the change.
describe('after a successful write, reads revalidate with the server', () => {
  test('the next reads skip the HTTP cache (no-cache); a failed write changes nothing', async () => {
    const caches: (RequestCache | undefined)[] = [];
    let writeStatus = 200;
    globalThis.fetch = async (_input, init) => {
      if (!init?.method) caches.push(init?.cache);
      return Response.json({}, { status: init?.method ? writeStatus : 200 });
    };
    const now = Date.now();
    const later = now + 60_000;
    const realNow = Date.now;
    const realDocument = globalThis.document;
    // apiSend reads the CSRF cookie; these tests run without a DOM.
    Object.defineProperty(globalThis, 'document', { value: { cookie: '' }, configurable: true });
    try {
      Date.now = () => later;
      await apiGet('/api/methodology/models');
      writeStatus = 400;
      await apiSend('POST', '/api/admin/methodology/models/x/promote').catch(() => {});
      await apiGet('/api/methodology/models');
      writeStatus = 200;
      await apiSend('POST', '/api/admin/methodology/models/x/promote');
      await apiGet('/api/methodology/models');
    } finally {
      Date.now = realNow;
      Object.defineProperty(globalThis, 'document', { value: realDocument, configurable: true });
    }
    expect(caches).toEqual([undefined, undefined, 'no-cache']);
  });
});
