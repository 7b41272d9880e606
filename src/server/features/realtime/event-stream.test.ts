import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RealtimeReadySchema } from '../../../shared/api/realtime.schema.ts';
import { HEARTBEAT_INTERVAL_MS } from '../../../shared/api/realtime.values.ts';
import { INTERVAL_REFRESH_MS } from '../../../shared/membership/level.ts';
import type { AppEvent, EventBus } from '../../events/event-bus.ts';
import { MAX_UNSENT_BYTES, openEventStream } from './event-stream.ts';
import { MIN_MESSAGE_GAP_MS } from './hint-coalescer.ts';
import { createRealtimeHub } from './realtime-hub.ts';

function fakeBus() {
  const handlers = new Set<(event: AppEvent) => void>();
  const bus: EventBus = {
    publish: async (event) => {
      for (const handler of handlers) handler(event);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {},
  };
  return bus;
}

/** A socket that takes everything (a healthy client) or nothing at all (a client that stopped reading). */
function socket(reading: boolean) {
  const chunks: string[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      if (reading) done();
    },
  });
  return { out, chunks };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one event stream', () => {
  test('sends a comment line every 25 s, so idle proxies keep it open and the client can tell it is alive', () => {
    const hub = createRealtimeHub(fakeBus());
    const { out, chunks } = socket(true);
    openEventStream({ out, hub, userId: null, instance: 'i1' });

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(chunks[0]).toMatch(/^retry: 1000\nevent: ready\n/);
    expect(chunks.filter((chunk) => chunk === ': heartbeat\n\n')).toHaveLength(2);
    hub.close();
  });

  test("ready lists the hints the stream would have had lately: public ones for all, a user's own for that user only", async () => {
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const bus = fakeBus();
    const hub = createRealtimeHub(bus);
    const readyOf = (userId: string | null) => {
      const { out, chunks } = socket(true);
      openEventStream({ out, hub, userId, instance: 'i1' });
      const data = /event: ready\ndata: (.*)\n/.exec(chunks[0] ?? '')?.[1];
      return RealtimeReadySchema.parse(JSON.parse(data ?? 'null'));
    };

    vi.advanceTimersByTime(60_000); // nothing since the instance started
    expect(readyOf(null)).toMatchObject({ recent: [], knownForMs: 60_000 });
    await bus.publish({ type: 'heat.recomputed', asOf: '2026-11-28T12:01:00Z' });
    vi.advanceTimersByTime(2_000);
    await bus.publish({ type: 'user.changed', userId: 'u1', what: 'points' });
    vi.advanceTimersByTime(1_000);

    const recompute = { agoMs: 3_000, hint: { type: 'heat.recomputed', asOf: '2026-11-28T12:01:00Z' } };
    expect(readyOf(null).recent).toEqual([recompute]);
    expect(readyOf('u2').recent).toEqual([recompute]);
    expect(readyOf('u1').recent).toEqual([recompute, { agoMs: 1_000, hint: { type: 'me.updated', what: 'points' } }]);
    hub.close();
  });

  test('a client that stops reading is dropped once MAX_UNSENT_BYTES wait for it, and leaves the hub', async () => {
    const bus = fakeBus();
    const hub = createRealtimeHub(bus);
    const { out } = socket(false);
    let ended = false;
    openEventStream({ out, hub, userId: null, instance: 'i1', onEnd: () => (ended = true) });
    const ids = Array.from({ length: 150 }, (_, i) => `project-with-a-long-identifier-${i}`);

    for (let i = 0; i < 100 && !ended; i++) {
      await bus.publish({ type: 'projects.updated', ids });
      vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);
    }

    expect(ended).toBe(true);
    expect(out.destroyed).toBe(true);
    expect(hub.size).toBe(0);
    expect(out.writableLength).toBeLessThan(MAX_UNSENT_BYTES * 2); // stopped at the limit, not buffering on
  });

  test('hints for another user are not sent; the own user gets them without the id', async () => {
    const bus = fakeBus();
    const hub = createRealtimeHub(bus);
    const mine = socket(true);
    const theirs = socket(true);
    openEventStream({ out: mine.out, hub, userId: 'u1', instance: 'i1' });
    openEventStream({ out: theirs.out, hub, userId: 'u2', instance: 'i1' });

    await bus.publish({ type: 'user.changed', userId: 'u1', what: 'notifications' });
    vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);

    expect(mine.chunks.at(-1)).toContain('"hints":[{"type":"me.updated","what":"notifications"}]');
    expect(mine.chunks.join('')).not.toContain('u1');
    expect(theirs.chunks.some((chunk) => chunk.includes('me.updated'))).toBe(false);
    hub.close();
  });

  test('an interval stream (free, visitors) holds data hints and sends them together once per 5 minutes', async () => {
    const bus = fakeBus();
    const hub = createRealtimeHub(bus);
    const free = socket(true);
    const live = socket(true);
    openEventStream({ out: free.out, hub, userId: 'u1', instance: 'i1', mode: 'interval' });
    openEventStream({ out: live.out, hub, userId: null, instance: 'i1', mode: 'live' });
    const hintsOf = (chunks: string[]) => chunks.filter((chunk) => chunk.startsWith('event: hints'));
    expect(free.chunks[0]).toContain('"updates":"interval","intervalMs":300000');
    expect(live.chunks[0]).toContain('"updates":"live","intervalMs":0');

    await bus.publish({ type: 'heat.recomputed', asOf: '2030-01-01T00:00:00.000Z' });
    await bus.publish({ type: 'user.changed', userId: 'u1', what: 'points' });
    vi.advanceTimersByTime(MIN_MESSAGE_GAP_MS);
    // The live stream has the recompute; the free one only its own points (never held).
    expect(hintsOf(live.chunks).join('')).toContain('heat.recomputed');
    expect(hintsOf(free.chunks)).toHaveLength(1);
    expect(hintsOf(free.chunks)[0]).toContain('"type":"me.updated"');

    await bus.publish({ type: 'projects.updated', ids: ['a'] });
    await bus.publish({ type: 'projects.updated', ids: ['b'] });
    vi.advanceTimersByTime(INTERVAL_REFRESH_MS - MIN_MESSAGE_GAP_MS - 1);
    expect(hintsOf(free.chunks)).toHaveLength(1);
    vi.advanceTimersByTime(1 + MIN_MESSAGE_GAP_MS);
    expect(hintsOf(free.chunks)).toHaveLength(2);
    const batch = hintsOf(free.chunks)[1]!;
    expect(batch).toContain('"type":"heat.recomputed"');
    expect(batch).toContain('{"type":"projects.updated","ids":["a","b"]}');

    // The next change right after waits a whole interval again: at most one data batch per 5 minutes.
    await bus.publish({ type: 'sectors.updated' });
    vi.advanceTimersByTime(INTERVAL_REFRESH_MS - MIN_MESSAGE_GAP_MS - 1);
    expect(hintsOf(free.chunks)).toHaveLength(2);
    vi.advanceTimersByTime(3 * MIN_MESSAGE_GAP_MS);
    expect(hintsOf(free.chunks).at(-1)).toContain('sectors.updated');
    hub.close();
  });
});
