import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RefreshIcon } from '../../components/ui/icons.tsx';
import { isClientError } from '../../lib/api-client.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSavedAt } from './use-saved-at.ts';

// The spec's health check before the retry reload: at most 5 s.
const DAY_MS = 24 * 60 * 60_000;

/** "12:03" for a time today, "Nov 27, 2026, 12:03" before (the offline copy keeps a day at most). */
function formatSavedTime(ms: number, language: string, now = Date.now()): string {
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString() && now - ms < DAY_MS;
  return new Intl.DateTimeFormat(
    language === 'en' ? 'en-US' : 'zh-CN',
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(ms);
}
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
  const { t, i18n } = useTranslation('app');
  const { t: te } = useTranslation('errors');
  const queryClient = useQueryClient();
  const online = useOnline();
  const failures = useFailedQueries();
  const [retrying, setRetrying] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const shown = !online || failures > 0;
  const savedAt = useSavedAt(shown);
  if (!shown) return null;

  const retry = async () => {
    setRetrying(true);
    // The reachability probe (spec §7, 5 s at most): a server that answers gets the reload; one that does not gets
    // 网络连接不可用 (spec §8) and the page stays as it is, with its offline data, until the next retry. The failed
    // queries are dropped only before the reload: dropping them first would hide this banner (it shows while a query
    // has failed) before it could say the server is unreachable.
    const reachable = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then(() => true)
      .catch(() => false);
    if (reachable) {
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      window.location.reload();
      return;
    }
    setUnreachable(true);
    setRetrying(false);
  };

  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>
          {online ? t('offline.failed') : t('offline.offline')}
          {savedAt !== null && (
            <span data-testid="offline-saved-at" className="ml-1 font-medium">
              {t('offline.savedAt', { time: formatSavedTime(savedAt, i18n.language) })}
            </span>
          )}
          {unreachable && (
            <span role="alert" data-testid="offline-unreachable" className="ml-1 font-medium">
              {te('NETWORK_UNAVAILABLE')}
            </span>
          )}
        </p>
        <button type="button" className="btn-secondary py-1" disabled={retrying} onClick={() => void retry()}>
          <RefreshIcon size={14} />
          {t('offline.retry')}
        </button>
      </div>
    </div>
  );
}
