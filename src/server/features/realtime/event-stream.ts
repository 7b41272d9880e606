import type { Writable } from 'node:stream';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { HEARTBEAT_INTERVAL_MS } from '../../../shared/api/realtime.values.ts';
import { INTERVAL_REFRESH_MS, type UpdateMode } from '../../../shared/membership/level.ts';
import { createHintCoalescer } from './hint-coalescer.ts';
import type { RealtimeHub } from './realtime-hub.ts';

/**
 * A client whose socket has not taken this much yet is too slow: it is dropped (its EventSource reconnects and
 * refetches) rather than buffered for without end. Messages are small and at most ten a second, so a healthy client
 * never comes near it.
 */
export const MAX_UNSENT_BYTES = 64 * 1024;

export type EventStreamOptions = {
  out: Writable;
  hub: RealtimeHub;
  userId: string | null;
  instance: string;
  /** 'live': data hints go out at once (premium's real-time updates); 'interval': held, one batch per `holdMs`. */
  mode?: UpdateMode;
  /** How long an interval stream holds data hints (INTERVAL_REFRESH_MS; shorter only in tests). */
  holdMs?: number;
  /** Called once when the stream ends, whoever ended it. */
  onEnd?: () => void;
};

/** Hints about the data on public pages: what real-time updates are. The user's own hints and sync state always go. */
const DATA_HINTS: ReadonlySet<RealtimeHint['type']> = new Set([
  'projects.updated',
  'sectors.updated',
  'heat.recomputed',
]);

/**
 * Serves one SSE connection: a `ready` message (saying the stream's update mode), then `hints` messages (coalesced:
 * at most ten a second), and a comment line every 25 s. On an interval stream the data hints wait: the first one
 * starts a `holdMs` timer and everything held goes out together when it fires, so such a client refetches public data
 * at most once per interval (from the server's cache). Ends when the client leaves, when it falls MAX_UNSENT_BYTES
 * behind, or on hub.closeAll.
 */
export function openEventStream({
  out,
  hub,
  userId,
  instance,
  mode = 'live',
  holdMs = INTERVAL_REFRESH_MS,
  onEnd,
}: EventStreamOptions): () => void {
  let seq = 0;
  let ended = false;
  const write = (chunk: string) => {
    if (ended) return;
    out.write(chunk);
    if (out.writableLength > MAX_UNSENT_BYTES) end(true);
  };
  const coalescer = createHintCoalescer((hints: RealtimeHint[]) => {
    seq += 1;
    write(`event: hints\nid: ${seq}\ndata: ${JSON.stringify({ seq, hints })}\n\n`);
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  // Held data hints fold into one per key (a second coalescer, flushed by the hold timer), so memory stays bounded.
  const held = createHintCoalescer((hints) => {
    for (const hint of hints) coalescer.push(hint);
  }, holdMs);
  const deliver = (hint: RealtimeHint) => {
    if (mode === 'interval' && DATA_HINTS.has(hint.type)) held.push(hint);
    else coalescer.push(hint);
  };
  const remove = hub.add({ userId, deliver, close: () => end(false) });

  function end(drop: boolean) {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    held.close();
    coalescer.close();
    remove();
    if (drop) out.destroy();
    else out.end();
    onEnd?.();
  }

  out.on('close', () => end(false));
  out.on('error', () => end(true));
  // retry: the browser's own reconnect delay if our client code is not running (the web app sets its own back-off).
  const ready = {
    instance,
    at: new Date().toISOString(),
    updates: mode,
    intervalMs: mode === 'interval' ? holdMs : 0,
    ...hub.missedBy(userId),
  };
  write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`);
  return () => end(false);
}
