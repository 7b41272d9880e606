import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiError, apiGet, apiSend } from './api-client.ts';
import { createQueryClient, retryMutation, retryQuery } from './query-client.ts';

// Every failed admin submission was sent twice (mutations retried once whatever the status). Spec §8:
// 4xx errors are not retried — neither writes nor reads.

const realFetch = globalThis.fetch;
const realDocument = globalThis.document;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  // apiSend reads the CSRF cookie; these tests run without a DOM.
  Object.defineProperty(globalThis, 'document', { value: { cookie: '' }, configurable: true });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  Object.defineProperty(globalThis, 'document', { value: realDocument, configurable: true });
});

function answerWith(status: number, code: string) {
  globalThis.fetch = async (input) => {
    calls.push(String(input));
    return new Response(JSON.stringify({ error: { code, message: code } }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('the app query client', () => {
  test.each([
    [400, 'VALIDATION_FAILED'],
    [409, 'CONFLICT'],
    [429, 'RATE_LIMITED'],
  ])('a failed admin submission (%i) sends exactly one request', async (status, code) => {
    answerWith(status, code);
    const client = createQueryClient();
    const observer = new MutationObserver(client, {
      mutationFn: (body: unknown) => apiSend('POST', '/api/admin/projects', body),
    });

    const error = await observer.mutate({ id: 'x' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(calls).toEqual(['/api/admin/projects']);
  });

  test('a read refused with a 4xx (429 included) is not fetched again', async () => {
    answerWith(429, 'RATE_LIMITED');
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['rules-test'],
      queryFn: ({ signal }) => apiGet('/api/sectors', { signal }),
    });
    const settled = new Promise<void>((resolve) => {
      observer.subscribe((result) => {
        if (result.status === 'error') resolve();
      });
    });

    await settled;

    expect(calls).toEqual(['/api/sectors']);
  });

  test('a server or network failure may be tried again: reads twice more, writes once more', () => {
    const server = new ApiError(503, 'DATABASE_UNAVAILABLE', '');
    const network = new ApiError(0, 'NETWORK_UNAVAILABLE', '');

    expect([0, 1, 2].map((n) => retryQuery(n, server))).toEqual([true, true, false]);
    expect([0, 1].map((n) => retryMutation(n, network))).toEqual([true, false]);
    expect(retryQuery(0, new ApiError(404, 'NOT_FOUND', ''))).toBe(false);
    expect(retryMutation(0, new ApiError(400, 'VALIDATION_FAILED', ''))).toBe(false);
  });
});
