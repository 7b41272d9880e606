import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeHint } from '../../../../shared/api/realtime.schema.ts';
import { revalidateReads } from '../../../lib/api-client.ts';
import { isCountedQuery } from '../../../lib/counted-queries.ts';
import { catchUpMissedReads } from '../catch-up.ts';
import { createRealtimeConnection } from '../connection.ts';
import { setConnectionState } from '../connection-state.ts';
import type { Invalidation } from '../invalidation.ts';

type RealtimeBridgeProps = {
  /** The live-update table (src/web/app/live-updates.ts): a batch of hints → the queries it makes stale. */
  invalidationsFor: (hints: RealtimeHint[]) => Invalidation[];
};

/**
 * Keeps the page live: one server-sent event stream per tab, its hints turned into TanStack Query invalidations
 * (active queries refetch, so visible heat and ranks move without a reload). A new session gets a new stream (the
 * server picks a stream's user when it opens: the shell keys this component by the user); offline the stream stops,
 * online it starts again. Renders nothing.
 */
export function RealtimeBridge({ invalidationsFor }: RealtimeBridgeProps) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refetch = (queryKey: readonly unknown[], when: 'now' | 'later') =>
      queryClient.invalidateQueries({ queryKey, refetchType: when === 'now' ? 'active' : 'none' });
    const connection = createRealtimeConnection({
      url: '/api/events',
      open: (url) => new EventSource(url),
      onHints: (hints) => {
        revalidateReads();
        // A failed refetch shows in its own panel; a hint must never throw into React (and blank the page).
        for (const { queryKey, when } of invalidationsFor(hints)) void refetch(queryKey, when).catch(() => {});
      },
      onResync: () => {
        revalidateReads();
        // Hints sent while we were away are lost: everything may be stale; counted searches wait for their next use.
        void queryClient
          .invalidateQueries({ predicate: (query) => !isCountedQuery(query), refetchType: 'active' })
          .catch(() => {});
        void queryClient.invalidateQueries({ predicate: isCountedQuery, refetchType: 'none' }).catch(() => {});
      },
      onCatchUp: (missed) => void catchUpMissedReads(queryClient, invalidationsFor, missed),
      onState: setConnectionState,
    });
    const goOffline = () => connection.stop();
    const goOnline = () => connection.start();
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    if (navigator.onLine === false) setConnectionState('disconnected');
    else connection.start();
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      connection.stop();
    };
  }, [queryClient, invalidationsFor]);

  return null;
}
