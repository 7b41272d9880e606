import { useTranslation } from 'react-i18next';
import type { HealthResponse } from '../../../../shared/api/system.schema.ts';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime, formatDuration, formatInteger } from '../../../lib/format.ts';

type HealthPanelProps = {
  health: HealthResponse | undefined;
  failed: boolean;
  checking: boolean;
  checkedAt: number;
  onRecheck: () => void;
};

/** /api/health shown as a status card: overall state, database, schema version, projects, version, uptime. */
export function HealthPanel({ health, failed, checking, checkedAt, onRecheck }: HealthPanelProps) {
  const { t } = useTranslation('pages');
  const state =
    checking && !health ? 'checking' : failed ? 'unreachable' : health?.status === 'ok' ? 'ok' : 'unavailable';
  const tone =
    state === 'ok'
      ? 'border-green-300 bg-green-50 text-green-950 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100'
      : state === 'checking'
        ? 'border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900'
        : 'border-red-300 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100';
  const dot = state === 'ok' ? 'bg-green-600' : state === 'checking' ? 'bg-gray-400' : 'bg-red-600';
  return (
    <div className="space-y-4">
      <div role="status" className={`flex items-center gap-3 rounded-xl border p-5 ${tone}`}>
        <span aria-hidden="true" className={`size-3 rounded-full ${dot}`} />
        <p className="text-lg font-semibold" data-health={state}>
          {t(`status.${state}`)}
        </p>
      </div>
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
