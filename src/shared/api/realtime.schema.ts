import { z } from 'zod';

/**
 * GET /api/events (server-sent events): invalidation hints, never data. The browser turns each hint into a refetch of
 * the queries it names (web/features/realtime). Spec: realtime subscriptions on projects, sectors, heat history and
 * the user's profile.
 */

export const RealtimeHintSchema = z.discriminatedUnion('type', [
  /** Projects changed; without ids, any project may have. */
  z.object({ type: z.literal('projects.updated'), ids: z.array(z.string()).optional() }),
  z.object({ type: z.literal('sectors.updated') }),
  /** A heat recompute finished: scores, ranks and history as of `asOf`. */
  z.object({ type: z.literal('heat.recomputed'), asOf: z.string() }),
  /** A job run started or ended (the sync popover's figures). */
  z.object({ type: z.literal('sync.updated'), job: z.string() }),
  /** The signed-in user's own points, notifications or profile (sent to that user's streams only). */
  z.object({ type: z.literal('me.updated'), what: z.enum(['points', 'notifications', 'profile']) }),
]);
export type RealtimeHint = z.infer<typeof RealtimeHintSchema>;

/** One SSE `hints` message: every hint since the previous message, coalesced; seq counts messages per stream. */
export const RealtimeMessageSchema = z.object({ seq: z.number().int(), hints: z.array(RealtimeHintSchema) });
export type RealtimeMessage = z.infer<typeof RealtimeMessageSchema>;

/**
 * The first message of a stream (`ready`). `updates`: 'live' (premium's real-time updates: data hints at once) or
 * 'interval' (free and visitors: data hints held and sent together every `intervalMs`, 5 minutes).
 */
export const RealtimeReadySchema = z.object({
  instance: z.string(),
  at: z.string(),
  updates: z.enum(['live', 'interval']),
  intervalMs: z.number().int().min(0),
  /**
   * The hints this stream would have had in the last minutes (each distinct one once, with how long before this
   * message it last went out): reads the page made before one of them may be out of date, later ones are not.
   */
  recent: z.array(z.object({ agoMs: z.number().int().min(0), hint: RealtimeHintSchema })),
  /** How far back `recent` reaches (since the instance started, or forgot an older hint): older reads know nothing. */
  knownForMs: z.number().int().min(0),
});
export type RealtimeReady = z.infer<typeof RealtimeReadySchema>;
/** What a `ready` says of the hints its stream may have missed. */
export type ReadyMissedHints = Pick<RealtimeReady, 'recent' | 'knownForMs'>;
