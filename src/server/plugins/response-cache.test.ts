import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { AppEvent, EventBus } from '../events/event-bus.ts';
import { type CachedResponse, createResponseCache, readCachedJson } from './response-cache.ts';

const bodyOf = (cached: CachedResponse) => cached.bytes.toString('utf8');

function localBus(): EventBus {
  const handlers = new Set<(event: AppEvent) => void>();
  return {
    publish: async (event) => {
      for (const handler of handlers) handler(event);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => handlers.clear(),
  };
}

describe('response cache', () => {
  test('serves the same serialised body until its TTL, then recomputes', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createResponseCache(localBus(), () => clock);
    const compute = async () => ({ n: ++calls });

    const first = await cache.getOrCompute('k', compute, 1_000);
    clock = 999;
    const second = await cache.getOrCompute('k', compute, 1_000);
    clock = 1_001;
    const third = await cache.getOrCompute('k', compute, 1_000);

    expect([first, second, third].map(bodyOf)).toEqual(['{"n":1}', '{"n":1}', '{"n":2}']);
    expect(first.etag).not.toBe(third.etag);
    await cache.close();
  });

  test('concurrent misses share one computation', async () => {
    let calls = 0;
    const cache = createResponseCache(localBus());
    const slow = () => new Promise((resolve) => setTimeout(() => resolve({ n: ++calls }), 20));

    const results = await Promise.all([1, 2, 3].map(() => cache.getOrCompute('k', slow)));

    expect(calls).toBe(1);
    expect(new Set(results.map(bodyOf)).size).toBe(1);
    await cache.close();
  });

  test('a change event drops entries and refreshes recently used ones ahead of the next request', async () => {
    const bus = localBus();
    const cache = createResponseCache(bus);
    let version = 1;
    await cache.getOrCompute('list', async () => ({ version }));

    version = 2;
    await bus.publish({ type: 'projects.updated' });
    const sizeRightAfter = cache.size;
    await cache.settle();
    const next = await cache.getOrCompute('list', async () => ({ version: 'not called' }));

    expect(sizeRightAfter).toBe(0);
    expect(bodyOf(next)).toBe('{"version":2}');
    await cache.close();
  });

  test('a result computed across an invalidation is served once but not kept', async () => {
    const bus = localBus();
    const cache = createResponseCache(bus);
    let release: () => void = () => {};
    const pending = cache.getOrCompute(
      'k',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ old: true });
        }),
    );

    cache.invalidate();
    release();

    expect(bodyOf(await pending)).toBe('{"old":true}');
    expect(cache.size).toBe(0);
    await cache.close();
  });

  test('large bodies carry gzip and brotli copies that decode to the same bytes', async () => {
    const cache = createResponseCache(localBus());

    const big = await cache.getOrCompute('big', async () => ({ s: '热度'.repeat(2_000) }));
    const small = await cache.getOrCompute('small', async () => ({ s: 'x' }));

    expect(big.gzip?.length).toBeLessThan(big.bytes.length);
    expect(big.br?.length).toBeLessThan(big.bytes.length);
    expect(gunzipSync(big.gzip ?? Buffer.alloc(0)).equals(big.bytes)).toBe(true);
    expect(brotliDecompressSync(big.br ?? Buffer.alloc(0)).equals(big.bytes)).toBe(true);
    expect(readCachedJson(big)).toEqual({ s: '热度'.repeat(2_000) });
    expect([small.gzip, small.br]).toEqual([null, null]);
    await cache.close();
  });
});
