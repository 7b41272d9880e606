import type { Writable } from 'node:stream';
import { HEARTBEAT_INTERVAL_MS, type RealtimeHint } from '../../../shared/api/realtime.schema.ts';
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
  /** Called once when the stream ends, whoever ended it. */
  onEnd?: () => void;
};

/**
 * Serves one SSE connection: a `ready` message, then `hints` messages (coalesced: at most ten a second), and a
 * comment line every 25 s. Ends when the client leaves, when it falls MAX_UNSENT_BYTES behind, or on hub.closeAll.
 */
export function openEventStream({ out, hub, userId, instance, onEnd }: EventStreamOptions): () => void {
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
  const remove = hub.add({ userId, deliver: (hint) => coalescer.push(hint), close: () => end(false) });

  function end(drop: boolean) {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    coalescer.close();
    remove();
    if (drop) out.destroy();
    else out.end();
    onEnd?.();
  }

  out.on('close', () => end(false));
  out.on('error', () => end(true));
  // retry: the browser's own reconnect delay if our client code is not running (the web app sets its own back-off).
  write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ instance, at: new Date().toISOString() })}\n\n`);
  return () => end(false);
}
