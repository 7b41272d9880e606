import { afterAll, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { createResponseCache } from '../plugins/response-cache.ts';
import { createFreshDatabase } from '../test/build-test-app.ts';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { type AppEvent, createEventBus } from './event-bus.ts';

describe('event bus in one process', () => {
  test('delivers to local subscribers at once, and stops after unsubscribe', async () => {
    const handle = await createDb(loadConfig({ DATA_DIR: 'memory://' }), { pgliteDataDump: pgliteTemplate() });
    const bus = await createEventBus(handle);
    const seen: AppEvent[] = [];
    const unsubscribe = bus.subscribe((event) => seen.push(event));

    await bus.publish({ type: 'projects.updated', ids: ['a'] });
    unsubscribe();
    await bus.publish({ type: 'sectors.updated' });

    expect(seen).toEqual([{ type: 'projects.updated', ids: ['a'] }]);
    await bus.close();
    await handle.close();
  });

  test('a data event empties the response cache; a sync-status event does not', async () => {
    const handle = await createDb(loadConfig({ DATA_DIR: 'memory://' }), { pgliteDataDump: pgliteTemplate() });
    const bus = await createEventBus(handle);
    const cache = createResponseCache(bus);
    await cache.getOrCompute('k', async () => ({ v: 1 }));

    await bus.publish({ type: 'sync.updated', job: 'heat' });
    const afterSync = cache.size;
    await bus.publish({ type: 'projects.updated' });

    expect(afterSync).toBe(1);
    expect(cache.size).toBe(0);
    await bus.close();
    await handle.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('event bus across instances on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test("an event published by one instance refreshes the other's cache, and is delivered once", async () => {
    const fresh = await createFreshDatabase();
    if (!fresh) throw new Error('TEST_DATABASE_URL is set but no database was created');
    cleanups.push(fresh.drop);
    const config = loadConfig({ DATABASE_URL: fresh.url });
    const [a, b] = [await createDb(config), await createDb(config)];
    cleanups.push(a.close, b.close);
    const [busA, busB] = [await createEventBus(a), await createEventBus(b)];
    cleanups.push(busA.close, busB.close);
    const cacheB = createResponseCache(busB);
    let computedByB = 0;
    await cacheB.getOrCompute('projects', async () => ({ items: [], version: ++computedByB }));
    const seenByA: AppEvent[] = [];
    busA.subscribe((event) => seenByA.push(event));

    await busA.publish({ type: 'projects.updated', ids: ['x'] });

    // B dropped its entry and refreshed it ahead of the next request.
    await vi.waitFor(() => expect(computedByB).toBe(2), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200)); // give a duplicate echo time to arrive
    expect(seenByA).toEqual([{ type: 'projects.updated', ids: ['x'] }]);
  });
});
