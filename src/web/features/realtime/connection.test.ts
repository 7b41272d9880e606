import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import type { ConnectionState } from '../../../shared/api/realtime.values.ts';
import {
  createRealtimeConnection,
  type EventSourceLike,
  type MissedHints,
  missedHintsOf,
  reconnectDelay,
} from './connection.ts';

class FakeSource implements EventSourceLike {
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const states: ConnectionState[] = [];
  const batches: RealtimeHint[][] = [];
  let resyncs = 0;
  const catchUps: MissedHints[] = [];
  const connection = createRealtimeConnection({
    url: '/api/events',
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onHints: (hints) => batches.push(hints),
    onResync: () => {
      resyncs += 1;
    },
    onCatchUp: (missed) => catchUps.push(missed),
    onState: (state) => states.push(state),
  });
  return { connection, sources, states, batches, resyncs: () => resyncs, catchUps };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime connection', () => {
  test('back-off: 1 s, 2 s, 5 s, then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  test('connecting → connected; hints are handed on; a drop reconnects on the back-off and resyncs once back', () => {
    const { connection, sources, states, batches, resyncs } = setup();
    connection.start();
    sources[0]?.emit('ready', '{}');
    sources[0]?.emit('hints', JSON.stringify({ seq: 1, hints: [{ type: 'sectors.updated' }] }));
    expect(states).toEqual(['connecting', 'connected']);
    expect(batches).toEqual([[{ type: 'sectors.updated' }]]);

    sources[0]?.fail();
    expect(sources[0]?.closed).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]?.fail(); // second failure: waits 2 s
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sources[2]?.emit('ready', '{}');

    expect(states.at(-1)).toBe('connected');
    expect(resyncs()).toBe(1);
    sources[2]?.fail(); // after a success the back-off starts again at 1 s
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(4);
  });

  test('the first ready catches up once, with the hints the server sent lately (on this clock); a reconnect resyncs instead', () => {
    const { connection, sources, resyncs, catchUps } = setup();
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    connection.start();
    const hint = { type: 'heat.recomputed', asOf: '2026-11-28T11:59:00Z' };
    sources[0]?.emit(
      'ready',
      JSON.stringify({ updates: 'live', recent: [{ agoMs: 60_000, hint }], knownForMs: 600_000 }),
    );

    expect(catchUps).toEqual([
      { knownSince: Date.parse('2026-11-28T11:50:00Z'), recent: [{ at: Date.parse('2026-11-28T11:59:00Z'), hint }] },
    ]);
    expect(resyncs()).toBe(0);
    sources[0]?.fail();
    vi.advanceTimersByTime(1_000);
    sources[1]?.emit('ready', '{}');
    expect(catchUps).toHaveLength(1);
    expect(resyncs()).toBe(1);
  });

  test('a ready that does not list its hints (an older server) leaves every answer so far in doubt', () => {
    expect(missedHintsOf('{}', 1_000_000)).toEqual({ knownSince: 1_000_000, recent: [] });
    expect(missedHintsOf('not json', 1_000_000)).toEqual({ knownSince: 1_000_000, recent: [] });
    // A hint this build cannot read: known only up to it.
    const unknown = JSON.stringify({ recent: [{ agoMs: 2_000, hint: { type: 'new.kind' } }], knownForMs: 60_000 });
    expect(missedHintsOf(unknown, 1_000_000)).toEqual({ knownSince: 998_000, recent: [] });
  });

  test('stop closes the stream, cancels a pending retry and says disconnected', () => {
    const { connection, sources, states } = setup();
    connection.start();
    sources[0]?.fail();
    connection.stop();
    vi.advanceTimersByTime(20_000);
    expect(sources).toHaveLength(1);
    expect(states.at(-1)).toBe('disconnected');
  });

  test('an unreadable message counts as "something changed"', () => {
    const { connection, sources, batches, resyncs } = setup();
    connection.start();
    sources[0]?.emit('hints', 'not json');
    expect(batches).toEqual([]);
    expect(resyncs()).toBe(1);
  });
});
