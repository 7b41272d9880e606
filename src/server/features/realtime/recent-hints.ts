import type { ReadyMissedHints, RealtimeHint } from '../../../shared/api/realtime.schema.ts';

/** How long an instance remembers the hints it has passed on (a page's first reads finish well within it). */
export const HINT_MEMORY_MS = 5 * 60_000;
/** At most this many distinct hints are remembered; the oldest beyond it are forgotten early. */
export const MAX_REMEMBERED_HINTS = 200;

/** Who a remembered hint went to: every stream, signed-in streams, or one user's. */
export type HintAudience = { kind: 'all' } | { kind: 'members' } | { kind: 'user'; userId: string };

/** What a new stream's `ready` tells it: the hints it would have had lately, and how far back that list reaches. */
export type MissedHints = ReadyMissedHints;

/**
 * The latest time each distinct hint went out, so a stream that opens now can say which hints its page's first reads
 * may have missed: the page then refetches only what those hints name, instead of everything it read before the stream
 * listened. Before `knownSince` (the instance's start, or the last hint it forgot) nothing is known.
 */
export function createRecentHints(startedAt: number) {
  // Insertion order is time order: a hint noted again moves to the end, so the oldest are pruned from the front.
  const entries = new Map<string, { audience: HintAudience; hint: RealtimeHint; at: number }>();
  let knownSince = startedAt;

  const prune = (now: number) => {
    for (const [key, entry] of entries) {
      if (now - entry.at <= HINT_MEMORY_MS && entries.size <= MAX_REMEMBERED_HINTS) break;
      entries.delete(key);
      knownSince = Math.max(knownSince, entry.at);
    }
  };

  return {
    note(audience: HintAudience, hint: RealtimeHint, now: number) {
      const key = `${audience.kind === 'user' ? audience.userId : audience.kind} ${JSON.stringify(hint)}`;
      entries.delete(key);
      entries.set(key, { audience, hint, at: now });
      prune(now);
    },
    missedBy(userId: string | null, now: number): MissedHints {
      prune(now);
      const recent: MissedHints['recent'] = [];
      for (const { audience, hint, at } of entries.values()) {
        const reaches =
          audience.kind === 'all' ||
          (audience.kind === 'members' && userId !== null) ||
          (audience.kind === 'user' && audience.userId === userId);
        if (reaches) recent.push({ agoMs: now - at, hint });
      }
      return { recent, knownForMs: now - knownSince };
    },
  };
}
