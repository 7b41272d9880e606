import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { HeatScore } from '../../../../components/ui/heat-score.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useSearchResultsWidget } from '../../api.ts';
import { SourceLine } from '../widget-frame.tsx';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

/** One of my saved searches, run now: the results new since it was saved (else its top results). */
export function SavedSearchWidget({ savedSearchId }: { savedSearchId: string }) {
  const { t } = useTranslation('dashboard');
  const results = useSearchResultsWidget(savedSearchId);
  if (results.isPending) return <WidgetLoading />;
  if (results.isError) {
    if (results.error instanceof ApiError && results.error.status === 404)
      return <WidgetEmpty>{t('widgets.saved_search.gone')}</WidgetEmpty>;
    return <WidgetFailed error={results.error} />;
  }
  const data = results.data;
  const search = new URLSearchParams(Object.entries(data.query).map(([k, v]) => [k, String(v)])).toString();
  const date = formatDate(data.savedAt);
  return (
    <div className="space-y-2">
      {data.resultCount === 0 ? (
        <WidgetEmpty>{t('widgets.saved_search.empty')}</WidgetEmpty>
      ) : (
        <>
          <p className="text-sm">
            {data.newCount > 0
              ? t('widgets.saved_search.newCount', { count: data.newCount, date, total: data.resultCount })
              : t('widgets.saved_search.noneNew', { date })}
          </p>
          <ul className="space-y-1.5 text-sm">
            {data.items.map((item) => (
              <li key={item.projectId} className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Link className="link truncate" to={`/project/${encodeURIComponent(item.projectId)}`}>
                    {item.name}
                  </Link>
                  {item.isNew && <Badge tone="blue">{t('widgets.saved_search.new')}</Badge>}
                </span>
                <HeatScore value={item.heatScore} label={t('widgets.watchlist.heat')} compact />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted text-xs">{t('widgets.saved_search.ran', { time: formatDateTime(data.ranAt) })}</p>
      <SourceLine asOf={data.heatAsOf} source={t('source.heatrank')} />
      <Link className="link text-sm" to={`/search?${search}`}>
        {t('widgets.saved_search.open')}
      </Link>
    </div>
  );
}
