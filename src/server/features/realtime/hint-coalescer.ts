import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import { MAX_MESSAGES_PER_SECOND } from '../../../shared/api/realtime.values.ts';

/**
 * Messages of one stream are at least this far apart, so any one-second window holds at most
 * MAX_MESSAGES_PER_SECOND of them (a gap of exactly 100 ms would fit 11 into a closed second).
 */
export const MIN_MESSAGE_GAP_MS = 1_000 / MAX_MESSAGES_PER_SECOND + 1;
/** Past this many project ids a hint says "projects changed" without ids: the client refetches lists anyway. */
export const MAX_IDS_PER_HINT = 200;

export type HintCoalescer = { push: (hint: RealtimeHint) => void; close: () => void };

/** Hints that replace each other share a key: the last of them is the state worth sending. */
function keyOf(hint: RealtimeHint): string {
  switch (hint.type) {
    case 'sync.updated':
      return `sync:${hint.job}`;
    case 'me.updated':
      return `me:${hint.what}`;
    default:
      return hint.type;
  }
}

/** Two project hints as one: the union of their ids, or no ids (any project) when either had none or too many. */
function mergeProjects(
  a: Extract<RealtimeHint, { type: 'projects.updated' }>,
  b: Extract<RealtimeHint, { type: 'projects.updated' }>,
) {
  if (!a.ids || !b.ids) return { type: 'projects.updated' as const };
  const ids = [...new Set([...a.ids, ...b.ids])];
  return ids.length > MAX_IDS_PER_HINT ? { type: 'projects.updated' as const } : { type: a.type, ids };
}

/**
 * Gathers hints and hands them to `send` in batches, never two batches within MIN_MESSAGE_GAP_MS. A burst of any
 * size costs one pending hint per key (bounded memory), and the last state of each key is always sent: nothing is
 * dropped, only folded.
 */
export function createHintCoalescer(
  send: (hints: RealtimeHint[]) => void,
  gapMs: number = MIN_MESSAGE_GAP_MS,
): HintCoalescer {
  const pending = new Map<string, RealtimeHint>();
  let timer: NodeJS.Timeout | undefined;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || pending.size === 0) return;
    const hints = [...pending.values()];
    pending.clear();
    lastSentAt = Date.now();
    send(hints);
  };

  return {
    push: (hint) => {
      if (closed) return;
      const key = keyOf(hint);
      const earlier = pending.get(key);
      pending.set(
        key,
        earlier?.type === 'projects.updated' && hint.type === 'projects.updated' ? mergeProjects(earlier, hint) : hint,
      );
      if (timer) return;
      // Wait one gap from the first hint too: a burst starting now is then folded instead of sent hint by hint.
      const now = Date.now();
      const at = Math.max(now + gapMs, lastSentAt + gapMs);
      timer = setTimeout(flush, at - now);
      timer.unref();
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      pending.clear();
    },
  };
}
