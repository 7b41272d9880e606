import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../components/ui/icons.tsx';
import { isClientError } from '../../lib/api-client.ts';
import { useOnline } from '../../lib/use-online.ts';

// The spec's health check before the retry reload: at most 5 s.
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Query hashes whose last fetch failed for a reason the server or the network caused (a 4xx is the reader's own
 * request, shown where it happened). Cleared per query when it loads again, and entirely on the online event.
 */
function useFailedQueries(): number {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action, query } = event;
      if (action.type === 'error' && !isClientError(action.error)) {
        setFailed((current) => new Set(current).add(query.queryHash));
      } else if (action.type === 'success') {
        setFailed((current) => {
          if (!current.has(query.queryHash)) return current;
          const next = new Set(current);
          next.delete(query.queryHash);
          return next;
        });
      }
    });
    const clear = () => setFailed(new Set());
    window.addEventListener('online', clear);
    return () => {
      unsubscribe();
      window.removeEventListener('online', clear);
    };
  }, [queryClient]);
  return failed.size;
}

/**
 * The spec's offline banner: offline → "network connection lost, using offline data" (the persisted cache and the
 * cached app shell keep pages working); online but data failing → "data loading failed, possibly a server
 * connection problem". Retry: drop the failed queries, check the server's health (5 s at most) and reload.
 */
export function OfflineBanner() {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const online = useOnline();
  const failures = useFailedQueries();
  const [retrying, setRetrying] = useState(false);
  if (online && failures === 0) return null;

  const retry = async () => {
    setRetrying(true);
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    // The reload happens either way (spec); the check only decides how long it waits: a server that answers
    // gets a reload at once, one that does not gets its 5 s.
    await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).catch(() => null);
    window.location.reload();
  };

  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>{online ? t('offline.failed') : t('offline.offline')}</p>
        <button type="button" className="btn-secondary py-1" disabled={retrying} onClick={() => void retry()}>
          <RefreshIcon size={14} />
          {t('offline.retry')}
        </button>
      </div>
    </div>
  );
}
