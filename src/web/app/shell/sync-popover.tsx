import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshStartedResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import { CloseIcon, RefreshIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../features/auth/api.ts';
import { useConnectionState } from '../../features/realtime/connection-state.ts';
import { syncStatusQueryOptions, systemKeys } from '../../features/system/api.ts';
import { SYNC_DISPLAY_TONE, sinceText, syncDisplayOf } from '../../features/system/sync-display.ts';
import { apiSend } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../lib/format.ts';
import { showToast } from '../../lib/toast.ts';
import { useDismissPopover } from '../../lib/use-dismiss-popover.ts';
import { useNow } from '../../lib/use-now.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * The header's sync-status button and popover (spec §2 "Sync-status popover"): the state in the spec's colours, last
 * sync, the network and the live stream, the server's sync statistics and last three errors, a manual sync (admins
 * start the server's full sync; everyone else refetches what the page shows) and a close button. The figures are
 * the server's own sync log (GET /api/sync/status), not this browser's.
 */
export function SyncPopover() {
  const { t } = useTranslation('app');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [refetching, setRefetching] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const online = useOnline();
  const live = useConnectionState();
  const now = useNow();
  // No polling: the live stream's sync hints refetch it when a run starts or ends.
  const status = useQuery(syncStatusQueryOptions());
  const isAdmin = useSession().data?.user.role === 'admin';

  const data = status.data;
  const display = syncDisplayOf({
    online,
    inProgress: refetching || Boolean(data?.syncInProgress),
    errorCount: data?.errors.length ?? 0,
    lastSync: data ? data.lastSync : null,
  });
  const since = sinceText(data?.lastSync ?? null, now);

  useDismissPopover(open, () => setOpen(false), panelRef, buttonRef);

  const syncNow = async () => {
    setRefetching(true);
    try {
      if (isAdmin) {
        await apiSend('POST', '/api/admin/maintenance/refresh', RefreshStartedResponseSchema);
        showToast({ title: t('sync.started'), variant: 'success' });
      } else {
        // Searches are left for their next use: each one counts against the daily quota.
        await queryClient.refetchQueries({ type: 'active', predicate: (query) => query.queryKey[0] !== 'search' });
        showToast({ title: t('sync.refreshed'), variant: 'success' });
      }
    } catch (error) {
      showToast({ title: t('sync.failed'), description: errorText(error), variant: 'error' });
    } finally {
      setRefetching(false);
      void queryClient.invalidateQueries({ queryKey: systemKeys.syncStatus() });
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost relative size-9 rounded-full p-0"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t('sync.button')}: ${t(`sync.state.${display}`)}`}
        data-testid="sync-button"
        data-state={display}
        onClick={() => setOpen((value) => !value)}
      >
        {display === 'syncing' ? (
          <Spinner size={16} />
        ) : (
          <span className={`inline-block size-3 rounded-full ${SYNC_DISPLAY_TONE[display]}`} aria-hidden="true" />
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={t('sync.title')}
          className="card absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] space-y-3 p-4 text-sm shadow-lg"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-semibold">
              <span className={`inline-block size-2.5 rounded-full ${SYNC_DISPLAY_TONE[display]}`} aria-hidden="true" />
              {t(`sync.state.${display}`)}
            </p>
            <button type="button" className="btn-ghost p-1" aria-label={t('sync.close')} onClick={() => setOpen(false)}>
              <CloseIcon size={16} />
            </button>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="muted">{t('sync.lastSync')}</dt>
            <dd title={formatDateTime(data?.lastSync)}>
              {since ? t(`sync.since.${since.key}`, { count: since.count }) : t('sync.never')}
            </dd>
            <dt className="muted">{t('sync.network')}</dt>
            <dd>{online ? t('sync.connected') : t('sync.disconnected')}</dd>
            <dt className="muted">{t('sync.live')}</dt>
            <dd data-testid="live-state">{t(`sync.connection.${live}`)}</dd>
          </dl>
          {status.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {errorText(status.error)}
            </p>
          ) : (
            data && (
              <>
                <div>
                  <p className="font-medium">{t('sync.stats')}</p>
                  <dl className="mt-1 grid grid-cols-4 gap-2 text-center tabular-nums">
                    {(
                      [
                        ['total', data.metrics.totalSyncs],
                        ['successful', data.metrics.successfulSyncs],
                        ['statFailed', data.metrics.failedSyncs],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key}>
                        <dt className="muted text-xs">{t(`sync.${key}`)}</dt>
                        <dd className="font-semibold">{formatInteger(value)}</dd>
                      </div>
                    ))}
                    <div>
                      <dt className="muted text-xs">{t('sync.lastDuration')}</dt>
                      <dd className="font-semibold">
                        {data.metrics.lastSyncDuration === null
                          ? '—'
                          : t('sync.ms', { ms: formatInteger(data.metrics.lastSyncDuration) })}
                      </dd>
                    </div>
                  </dl>
                </div>
                <div>
                  <p className="font-medium">{t('sync.errors')}</p>
                  {data.errors.length === 0 ? (
                    <p className="muted">{t('sync.noErrors')}</p>
                  ) : (
                    <ul className="mt-1 space-y-1">
                      {data.errors.slice(0, 3).map((error) => (
                        <li
                          key={`${error.job}-${error.at}`}
                          className="rounded bg-amber-50 p-2 text-xs dark:bg-amber-950/40"
                        >
                          <span className="font-medium">{error.job}</span> · {formatDateTime(error.at)}
                          <span className="block break-words">{error.message}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <p className="muted text-xs">{t('sync.source', { time: formatDateTime(data.asOf) })}</p>
              </>
            )
          )}
          <button
            type="button"
            className="btn-primary w-full"
            disabled={refetching || !online}
            onClick={() => void syncNow()}
          >
            <RefreshIcon size={16} />
            {isAdmin ? t('sync.syncAll') : t('sync.syncNow')}
          </button>
        </div>
      )}
    </div>
  );
}
