import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { syncStatusQueryOptions } from '../../features/system/api.ts';
import { SYNC_DISPLAY_TONE, syncDisplayOf } from '../../features/system/sync-display.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { useDismissPopover } from '../../lib/use-dismiss-popover.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useTranslation } from '../../lib/use-translation.ts';

// The panel's code loads on the first open: every page shows the button, few readers open it.
const SyncPanel = lazy(async () => ({
  default: (await loadChunk(() => import('./sync-panel.tsx'))).SyncPanel,
}));

/**
 * The header's sync-status button and popover (spec §2 "Sync-status popover"): the state in the spec's colours, last
 * sync, the network and the live stream, the server's sync statistics and last three errors, a manual sync (admins
 * start the server's full sync; everyone else refetches what the page shows) and a close button (sync-panel.tsx). The
 * figures are the server's own sync log (GET /api/sync/status), not this browser's.
 */
export function SyncPopover() {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const [refetching, setRefetching] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const online = useOnline();
  // No polling: the live stream's sync hints refetch it when a run starts or ends.
  const status = useQuery(syncStatusQueryOptions());
  const data = status.data;
  // "Last sync" is the last time an outside source answered: internal jobs (heat every 5 minutes) sync nothing.
  const display = syncDisplayOf({
    online,
    inProgress: refetching || Boolean(data?.syncInProgress),
    errorCount: data?.errors.length ?? 0,
    lastSync: data?.metrics.external.lastSuccessAt ?? null,
    sourceRuns: data?.metrics.external.total ?? 0,
  });

  useDismissPopover(open, () => setOpen(false), panelRef, buttonRef);

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
        <Suspense fallback={null}>
          <SyncPanel
            panelRef={panelRef}
            panelId={panelId}
            display={display}
            status={status}
            online={online}
            refetching={refetching}
            onRefetching={setRefetching}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
