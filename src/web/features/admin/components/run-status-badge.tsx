import type { RunStatus } from '../../../../shared/api/sync.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const TONE: Record<RunStatus, string> = {
  running: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  success: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  partial: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  skipped: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  cancelled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** A sync_runs status as a small coloured label. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${TONE[status]}`} data-status={status}>
      {t(`operations.runStatus.${status}`)}
    </span>
  );
}
