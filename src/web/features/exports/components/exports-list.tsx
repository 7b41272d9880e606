import type { Export } from '../../../../shared/api/exports.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { downloadUrl, useDeleteExport, useRetryExport } from '../api.ts';

/** Bytes as "12.3 KB" / "4.5 MB" (units are the same in both languages). */
function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function StateBadge({ item }: { item: Export }) {
  const { t } = useTranslation('exports');
  if (item.state === 'processing')
    return (
      <span role="status" className="inline-flex items-center gap-2 text-sm">
        <Spinner size={14} className="border-2" />
        {t('states.processing')}
      </span>
    );
  if (item.state === 'completed') return <Badge tone="green">{t('states.completed')}</Badge>;
  return <Badge tone="red">{t('states.failed')}</Badge>;
}

/** My exports, newest first: state (processing spinner, completed, "Export Failed" with the reason and a retry). */
export function ExportsList({ items, retentionDays }: { items: Export[]; retentionDays: number }) {
  const { t } = useTranslation('exports');
  const retry = useRetryExport();
  const remove = useDeleteExport();
  if (items.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">{t('list.empty')}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('list.retention', { days: retentionDays })}</p>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="export-item"
            data-state={item.state}
            className="flex flex-wrap items-center gap-3 p-3"
          >
            <div className="min-w-48 flex-1 space-y-1">
              <p className="font-medium">
                {t(`sources.${item.source.kind}`)} · {t(`formats.${item.options.format}`)}
                {item.scheduleId && <span className="ml-2 text-xs text-gray-500">{t('list.scheduled')}</span>}
              </p>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {formatDateTime(item.createdAt)}
                {item.fileName && ` · ${item.fileName}`}
                {item.state === 'completed' &&
                  ` · ${t('list.rows', { count: item.rowCount ?? 0, rows: formatInteger(item.rowCount) })}`}
                {item.state === 'completed' && ` · ${formatSize(item.fileSize)}`}
              </p>
              {item.truncated && item.rowCap !== null && (
                <p className="text-xs text-amber-800 dark:text-amber-300">
                  {t('list.truncated', { cap: formatInteger(item.rowCap) })}
                </p>
              )}
              {item.state === 'failed' && item.error && (
                <p className="text-sm text-red-700 dark:text-red-400">
                  {t('list.failed')}: {item.error.message}
                </p>
              )}
            </div>
            <StateBadge item={item} />
            {item.state === 'completed' && (
              <a className="btn-primary" href={downloadUrl(item.id)} download={item.fileName ?? true}>
                {t('list.download')}
              </a>
            )}
            {item.state === 'failed' && (
              <button
                type="button"
                className="btn-secondary"
                disabled={retry.isPending}
                onClick={() => retry.mutate(item.id)}
              >
                {t('list.retry')}
              </button>
            )}
            <button
              type="button"
              className="btn-secondary"
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id)}
            >
              {t('list.delete')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
