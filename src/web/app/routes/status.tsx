import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHealth } from '../../features/system/api.ts';
import { HealthPanel } from '../../features/system/components/health-panel.tsx';

/** /status: the footer's system-status link, backed by GET /api/health. */
export function StatusPage() {
  const { t } = useTranslation('pages');
  const health = useHealth();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('status.title')} subtitle={t('status.subtitle')} />
      <HealthPanel
        health={health.data}
        failed={health.isError}
        checking={health.isFetching}
        checkedAt={Math.max(health.dataUpdatedAt, health.errorUpdatedAt)}
        onRecheck={() => void health.refetch()}
      />
    </div>
  );
}
