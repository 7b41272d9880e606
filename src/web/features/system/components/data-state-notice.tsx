import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDataState } from '../api.ts';

/**
 * True only when the server reports the market figures live (GET /api/data-state): "live" wording waits for it, so a
 * page still loading, offline or showing the sample never claims it.
 */
export function useFiguresLive(): boolean {
  return useDataState().data?.figures === 'live';
}

/**
 * The one notice a page with market figures shows when they are not live: the built-in sample and its date, or the
 * last refresh, with a link to /status where each source's state is. Nothing while unknown or live.
 */
export function DataStateNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation('provenance');
  const state = useDataState().data;
  if (!state || state.figures === 'live') return null;
  const date = state.figures === 'sample' ? formatDate(state.figuresAsOf) : formatDateTime(state.figuresAsOf);
  return (
    <div
      role="note"
      data-testid="data-state-notice"
      data-figures={state.figures}
      className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      <p>{t(`dataState.${state.figures}`, { date })}</p>
      <Link to="/status" className="font-medium underline underline-offset-2">
        {t('dataState.status')}
      </Link>
    </div>
  );
}
