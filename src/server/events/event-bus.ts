import { randomUUID } from 'node:crypto';
import type { DbHandle } from '../db/client.ts';

/** Typed events: invalidation hints, never data (STYLE §7). */
export type AppEvent =
  | { type: 'projects.updated'; ids?: string[] }
  | { type: 'sectors.updated' }
  | { type: 'heat.recomputed'; asOf: string }
  | { type: 'users.updated' }
  /** Stored evaluations or the model registry changed (every instance drops its cached methodology answers). */
  | { type: 'methodology.updated' }
  | { type: 'sync.updated'; job: string }
  /** A notification to every user was added (notifyEveryone): each signed-in page refetches its bell. */
  | { type: 'notifications.broadcast' }
  /** One user's own data changed (a points ledger row, a notification, the profile): raised by database triggers on
   * commit (migration realtime_user_events), so every writer is covered and a rolled-back change raises nothing. */
  | { type: 'user.changed'; userId: string; what: UserChange };

export const USER_CHANGES = ['points', 'notifications', 'profile'] as const;
export type UserChange = (typeof USER_CHANGES)[number];

export type AppEventType = AppEvent['type'];
type Handler = (event: AppEvent) => void;

export type EventBus = {
  publish: (event: AppEvent) => Promise<void>;
  subscribe: (handler: Handler) => () => void;
  close: () => Promise<void>;
};

/** The NOTIFY channel; database triggers publish on it too, with origin 'db' (delivered to every instance). */
export const EVENTS_CHANNEL = 'heatrank_events';

/**
 * Delivers every event to local subscribers at once (so a read right after a write sees fresh data) and to other
 * app instances through the database's NOTIFY; an instance ignores its own echo.
 */
export async function createEventBus(handle: Pick<DbHandle, 'notify' | 'listen'>): Promise<EventBus> {
  const origin = randomUUID();
  const handlers = new Set<Handler>();
  const deliver = (event: AppEvent) => {
    for (const handler of handlers) handler(event);
  };
  const unlisten = await handle.listen(EVENTS_CHANNEL, (payload) => {
    const message = JSON.parse(payload) as { origin: string; event: AppEvent };
    if (message.origin !== origin) deliver(message.event);
  });
  return {
    publish: async (event) => {
      deliver(event);
      await handle.notify(EVENTS_CHANNEL, JSON.stringify({ origin, event }));
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      handlers.clear();
      await unlisten();
    },
  };
}
