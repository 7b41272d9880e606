import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';
import type { AppEvent, EventBus } from '../../events/event-bus.ts';

/** One open stream as the hub sees it: whose it is, and where its hints go. */
export type StreamClient = { userId: string | null; deliver: (hint: RealtimeHint) => void; close: () => void };

export type RealtimeHub = {
  /** Registers a stream; returns its removal. */
  add: (client: StreamClient) => () => void;
  /** Open streams on this instance (GET /api/health). */
  readonly size: number;
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
  const unsubscribe = events.subscribe((event) => {
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
    closeAll,
    close: () => {
      unsubscribe();
      closeAll();
    },
  };
}
