import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { RefreshStartedResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import type { SyncStatusResponse } from '../../../shared/api/sync.schema.ts';
import { updateModeOf } from '../../../shared/membership/level.ts';
import { CloseIcon, RefreshIcon } from '../../components/ui/icons.tsx';
import { useSession } from '../../features/auth/api.ts';
import { useConnectionState } from '../../features/realtime/connection-state.ts';
import { systemKeys } from '../../features/system/api.ts';
import { SYNC_DISPLAY_TONE, type SyncDisplay, sinceText } from '../../features/system/sync-display.ts';
import { apiSend } from '../../lib/api-client.ts';
import { isCountedQuery } from '../../lib/counted-queries.ts';
import { useErrorText } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showToast } from '../../lib/toast.ts';
import { useNow } from '../../lib/use-now.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SyncStats } from './sync-stats.tsx';

type SyncPanelProps = {
  panelRef: RefObject<HTMLDivElement | null>;
  panelId: string;
  display: SyncDisplay;
  status: UseQueryResult<SyncStatusResponse>;
  online: boolean;
  refetching: boolean;
  onRefetching: (refetching: boolean) => void;
  onClose: () => void;
};

/**
 * The sync-status popover's panel (spec §2): the state, last sync, the network and the live stream, the server's sync
 * statistics and last three errors, a manual sync and a close button. Loaded on the first open (sync-popover.tsx).
 */
export function SyncPanel({
  panelRef,
  panelId,
  display,
  status,
  online,
  refetching,
  onRefetching,
  onClose,
}: SyncPanelProps) {
  const { t } = useTranslation('app');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const live = useConnectionState();
  const now = useNow();
  const session = useSession().data;
  const isAdmin = session?.user.role === 'admin';
  // The server's rule for this stream (shared/membership/level.ts): live from premium, else every 5 minutes.
  const updateMode = updateModeOf(session?.membership.level ?? 'free');
  const data = status.data;
  const lastSourceSync = data?.metrics.external.lastSuccessAt ?? null;
  const since = sinceText(lastSourceSync, now);

  const syncNow = async () => {
    onRefetching(true);
    try {
      if (isAdmin) {
        await apiSend<typeof RefreshStartedResponseSchema>('POST', '/api/admin/maintenance/refresh');
        showToast({ title: t('sync.started'), variant: 'success' });
      } else {
        // Counted searches are left for their next use: each one counts against the daily quota.
        await queryClient.refetchQueries({ type: 'active', predicate: (query) => !isCountedQuery(query) });
        showToast({ title: t('sync.refreshed'), variant: 'success' });
      }
    } catch (error) {
      showToast({ title: t('sync.failed'), description: errorText(error), variant: 'error' });
    } finally {
      onRefetching(false);
      void queryClient.invalidateQueries({ queryKey: systemKeys.syncStatus() });
    }
  };

  return (
    <div
      ref={panelRef}
      id={panelId}
      role="dialog"
      aria-label={t('sync.title')}
      // On a phone the button is not at the screen's edge: a panel anchored to it ran off the left side. Below sm
      // it spans the screen less a margin (fixed, under the 4rem bar); from sm it hangs from the button.
      className="card fixed inset-x-4 top-16 z-40 max-h-[calc(100dvh-5rem)] space-y-3 overflow-y-auto p-4 text-sm shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <span className={`inline-block size-2.5 rounded-full ${SYNC_DISPLAY_TONE[display]}`} aria-hidden="true" />
          {t(`sync.state.${display}`)}
        </p>
        <button type="button" className="btn-ghost p-1" aria-label={t('sync.close')} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="muted">{t('sync.lastSync')}</dt>
        <dd title={formatDateTime(lastSourceSync)}>
          {since ? t(`sync.since.${since.key}`, { count: since.count }) : t('sync.never')}
        </dd>
        <dt className="muted">{t('sync.network')}</dt>
        <dd>{online ? t('sync.connected') : t('sync.disconnected')}</dd>
        <dt className="muted">{t('sync.live')}</dt>
        <dd data-testid="live-state">{t(`sync.connection.${live}`)}</dd>
        <dt className="muted">{t('sync.updates')}</dt>
        <dd data-testid="update-mode" data-mode={updateMode}>
          {t(`sync.updateModes.${updateMode}`)}
        </dd>
      </dl>
      {status.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errorText(status.error)}
        </p>
      ) : (
        data && (
          <>
            <SyncStats metrics={data.metrics} />
            {display === 'noSource' && (
              <p className="rounded bg-amber-50 p-2 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
                {t('sync.noSourceNote')}{' '}
                <Link to="/status" className="link" onClick={onClose}>
                  {t('sync.statusLink')}
                </Link>
              </p>
            )}
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
  );
}
