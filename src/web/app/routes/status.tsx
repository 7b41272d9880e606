import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHealth, useSyncStatus } from '../../features/system/api.ts';
import { HealthPanel } from '../../features/system/components/health-panel.tsx';
import { StatusHeadline } from '../../features/system/components/status-headline.tsx';
import { JobList, SourceList } from '../../features/system/components/sync-panels.tsx';
import { headlineState, listProblems } from '../../features/system/status-state.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * /status: the footer's system-status link. The verdict weighs GET /api/health (is the server up) and
 * GET /api/sync/status (did the jobs and sources run, is the data fresh); then each source and job in detail.
 */
export function StatusPage() {
  const { t } = useTranslation('pages');
  const health = useHealth();
  const sync = useSyncStatus();
  const state = headlineState(
    { data: health.data, failed: health.isError, checking: health.isFetching },
    { data: sync.data, failed: sync.isError },
  );
  const serverUp = state !== 'unreachable' && state !== 'unavailable';
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t('status.title')} subtitle={t('status.subtitle')} />
      <StatusHeadline
        state={state}
        problems={serverUp && sync.data ? listProblems(sync.data) : []}
        jobsDisabled={serverUp && sync.data?.jobsEnabled === false}
      />
      <HealthPanel
        health={health.data}
        checking={health.isFetching || sync.isFetching}
        checkedAt={Math.max(health.dataUpdatedAt, health.errorUpdatedAt)}
        onRecheck={() => {
          void health.refetch();
          void sync.refetch();
        }}
      />
      {sync.data && (
        <>
          <SourceList sync={sync.data} />
          <JobList sync={sync.data} />
        </>
      )}
    </div>
  );
}
