import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import type { AppEvent, EventBus } from '../../events/event-bus.ts';
import { createRecentHints, type MissedHints } from './recent-hints.ts';

/** One open stream as the hub sees it: whose it is, and where its hints go. */
export type StreamClient = { userId: string | null; deliver: (hint: RealtimeHint) => void; close: () => void };

export type RealtimeHub = {
  /** Registers a stream; returns its removal. */
  add: (client: StreamClient) => () => void;
  /** Open streams on this instance (GET /api/health). */
  readonly size: number;
  /**
   * The hints `userId`'s streams would have had lately, each with how long ago it last went out (a new stream's
   * `ready` carries them, so the page refetches only what a hint may have outdated before the stream listened).
   */
  missedBy: (userId: string | null) => MissedHints;
  /** Ends every stream (before the server closes: an open stream would hold it open). */
  closeAll: () => void;
};

/**
 * The hint a stream gets for a bus event, or null. A user's own changes go to that user's streams only, as a hint
 * without the id; `users.updated` (sign-ups: the public user count) needs no push.
 */
export function hintFor(event: AppEvent, userId: string | null): RealtimeHint | null {
  switch (event.type) {
    case 'user.changed':
      return userId !== null && event.userId === userId ? { type: 'me.updated', what: event.what } : null;
    case 'notifications.broadcast': // everyone's bell: the same hint as a user's own new notification
      return userId !== null ? { type: 'me.updated', what: 'notifications' } : null;
    case 'users.updated':
    case 'methodology.updated': // read through the API; no page listens for it yet
      return null;
    case 'projects.updated':
      return event.ids ? { type: event.type, ids: event.ids } : { type: event.type };
    default:
      return event;
  }
}

/**
 * This instance's open event streams, fed by the event bus — which carries every instance's events (NOTIFY on
 * PostgreSQL), so a client sees a change whichever instance wrote it. Nothing here is shared state: each instance
 * serves its own connections.
 */
export function createRealtimeHub(events: EventBus): RealtimeHub & { close: () => void } {
  const clients = new Set<StreamClient>();
  const recent = createRecentHints(Date.now());
  const remember = (event: AppEvent, now: number) => {
    const publicHint = hintFor(event, null);
    if (publicHint) recent.note({ kind: 'all' }, publicHint, now);
    else if (event.type === 'notifications.broadcast')
      recent.note({ kind: 'members' }, { type: 'me.updated', what: 'notifications' }, now);
    else if (event.type === 'user.changed') {
      const own = hintFor(event, event.userId);
      if (own) recent.note({ kind: 'user', userId: event.userId }, own, now);
    }
  };
  const unsubscribe = events.subscribe((event) => {
    remember(event, Date.now());
    for (const client of clients) {
      const hint = hintFor(event, client.userId);
      if (hint) client.deliver(hint);
    }
  });
  const closeAll = () => {
    for (const client of [...clients]) client.close();
    clients.clear();
  };
  return {
    add: (client) => {
      clients.add(client);
      return () => clients.delete(client);
    },
    get size() {
      return clients.size;
    },
    missedBy: (userId) => recent.missedBy(userId, Date.now()),
    closeAll,
    close: () => {
      unsubscribe();
      closeAll();
    },
  };
}
