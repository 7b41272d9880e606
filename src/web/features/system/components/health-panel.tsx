import type { HealthResponse } from '../../../../shared/api/system.schema.ts';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime, formatDuration, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type HealthPanelProps = {
  health: HealthResponse | undefined;
  checking: boolean;
  checkedAt: number;
  onRecheck: () => void;
};

/**
 * /api/health's details (database, schema version, projects, version, uptime) and the re-check button; the verdict
 * is the page's StatusHeadline, which also weighs the sync state.
 */
export function HealthPanel({ health, checking, checkedAt, onRecheck }: HealthPanelProps) {
  const { t } = useTranslation('pages');
  return (
    <div className="space-y-4">
      {health && (
        <dl className="card grid gap-4 p-5 sm:grid-cols-3">
          <Item label={t('status.database')} value={health.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} />
          <Item label={t('status.migration')} value={health.migration ?? '—'} />
          <Item label={t('status.projects')} value={formatInteger(health.projectCount)} />
          <Item label={t('status.version')} value={health.version} />
          <Item label={t('status.uptime')} value={formatDuration(health.uptimeSeconds)} />
        </dl>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={onRecheck} disabled={checking}>
          <RefreshIcon size={16} className={checking ? 'animate-spin' : ''} />
          {checking ? t('status.checking') : t('status.recheck')}
        </button>
        {checkedAt > 0 && (
          <span className="muted text-sm">
            {t('status.checkedAt', { date: formatDateTime(new Date(checkedAt).toISOString()) })}
          </span>
        )}
      </div>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="muted text-xs font-medium">{label}</dt>
      <dd className="mt-1 font-semibold break-all">{value}</dd>
    </div>
  );
}
