import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { type ConnectionState, RECONNECT_DELAYS_MS } from '../../../shared/api/realtime.values.ts';
import { readMissedHints, readRealtimeMessage } from './read-message.ts';

/** The part of EventSource we use (a fake in tests). */
export type EventSourceLike = {
  addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => void;
  onerror: ((event: Event) => void) | null;
  close: () => void;
};

export type RealtimeConnectionOptions = {
  url: string;
  open: (url: string) => EventSourceLike;
  onHints: (hints: RealtimeHint[]) => void;
  /** After a reconnect: hints sent while we were away are lost, so everything shown may be out of date. */
  onResync: () => void;
  /**
   * The first time the stream is ready, with the hints the page may have missed before it listened (on a busy machine
   * the page's reads can finish seconds before the stream is open).
   */
  onCatchUp: (missed: MissedHints) => void;
  onState: (state: ConnectionState) => void;
};

export type RealtimeConnection = { start: () => void; stop: () => void };

/** The hints a new stream's page may have missed, on this clock: each with when it went out, and before `knownSince`, anything. */
export type MissedHints = { knownSince: number; recent: { at: number; hint: RealtimeHint }[] };

/**
 * A `ready` message's missed hints on this clock (the server says how long ago each went out, so the two clocks need
 * not agree). A server that does not say (an older one) leaves every answer so far in doubt.
 */
export function missedHintsOf(readyData: string, receivedAt: number): MissedHints {
  const missed = readMissedHints(safeJson(readyData));
  if (!missed) return { knownSince: receivedAt, recent: [] };
  return {
    knownSince: receivedAt - missed.knownForMs,
    recent: missed.recent.map(({ agoMs, hint }) => ({ at: receivedAt - agoMs, hint })),
  };
}

/** The delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 5 s, then 10 s for ever. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

/**
 * One stream of server hints with our own reconnect back-off (the browser's would retry at a fixed pace): states
 * connecting → connected; on a drop, reconnecting (after 1, 2, 5, 10, 10… s) → connected; stop() → disconnected.
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  let source: EventSourceLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let connectedBefore = false;

  const connect = (state: ConnectionState) => {
    options.onState(state);
    const current = options.open(options.url);
    source = current;
    current.addEventListener('ready', (event) => {
      if (source !== current) return;
      attempt = 0;
      options.onState('connected');
      if (connectedBefore) options.onResync();
      else options.onCatchUp(missedHintsOf(event.data, Date.now()));
      connectedBefore = true;
    });
    current.addEventListener('hints', (event) => {
      if (source !== current) return;
      const message = readRealtimeMessage(safeJson(event.data));
      // A message we cannot read (a newer server) is treated as "something changed".
      if (message) options.onHints(message.hints);
      else options.onResync();
    });
    current.onerror = () => {
      if (source !== current) return;
      current.close();
      source = undefined;
      options.onState('reconnecting');
      retry = setTimeout(() => connect('reconnecting'), reconnectDelay(attempt));
      attempt += 1;
    };
  };

  return {
    start: () => {
      if (source || retry) return;
      connect('connecting');
    },
    stop: () => {
      clearTimeout(retry);
      retry = undefined;
      source?.close();
      source = undefined;
      attempt = 0;
      options.onState('disconnected');
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
