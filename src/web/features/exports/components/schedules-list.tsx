import type { Schedule } from '../../../../shared/api/exports.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCancelSchedule } from '../api.ts';

/** My scheduled exports: what, how often, how delivered, the next run, and a cancel button. */
export function SchedulesList({ items }: { items: Schedule[] }) {
  const { t } = useTranslation('exports');
  const cancel = useCancelSchedule();
  if (items.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">{t('schedules.empty')}</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {items.map((item) => (
        <li key={item.id} data-testid="export-schedule" className="flex flex-wrap items-center gap-3 p-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {t(`sources.${item.source.kind}`)} · {t(`formats.${item.options.format}`)} ·{' '}
              {t(`frequency.${item.frequency}`)}
            </p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {t(`delivery.${item.delivery}`)} · {t('schedules.next', { time: formatDateTime(item.nextRunAt) })}
            </p>
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(item.id)}
          >
            {t('schedules.cancel')}
          </button>
        </li>
      ))}
    </ul>
  );
}
