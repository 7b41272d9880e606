import type { SyncStatusResponse } from '../../../shared/api/sync.schema.ts';
import { formatInteger } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';

type Metrics = SyncStatusResponse['metrics'];

/**
 * The popover's sync statistics, outside data sources apart from internal jobs: one table of total, successful and
 * failed runs per kind (a single 成功 83 counted the heat job's runs and read as healthy while no source had
 * ever answered). Partial runs count in the total only: neither a success nor a failure.
 */
export function SyncStats({ metrics }: { metrics: Metrics }) {
  const { t } = useTranslation('app');
  const rows = [
    ['external', metrics.external],
    ['internal', metrics.internal],
  ] as const;
  return (
    <div>
      <p className="font-medium">{t('sync.stats')}</p>
      <table className="mt-1 w-full text-center tabular-nums" data-testid="sync-stats">
        <thead>
          <tr className="muted text-xs">
            <th scope="col" className="text-left font-normal">
              <span className="sr-only">{t('sync.kind')}</span>
            </th>
            <th scope="col" className="font-normal">
              {t('sync.total')}
            </th>
            <th scope="col" className="font-normal">
              {t('sync.successful')}
            </th>
            <th scope="col" className="font-normal">
              {t('sync.statFailed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([kind, counts]) => (
            <tr key={kind} data-kind={kind}>
              <th scope="row" className="py-0.5 text-left text-xs font-normal">
                {t(`sync.kinds.${kind}`)}
              </th>
              <td className="font-semibold">{formatInteger(counts.total)}</td>
              <td className="font-semibold">{formatInteger(counts.successful)}</td>
              <td className="font-semibold">{formatInteger(counts.failed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted mt-1 text-xs">
        {t('sync.lastDuration')}:{' '}
        {metrics.lastSyncDuration === null
          ? t('sync.noDuration')
          : t('sync.ms', { ms: formatInteger(metrics.lastSyncDuration) })}
      </p>
    </div>
  );
}
