import { Link } from 'react-router';
import { MetricSource } from '../../../../components/metric-source.tsx';
import { ChangeText } from '../../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../../components/ui/heat-score.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatScore, formatUsd } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useWatchlistWidget } from '../../api.ts';
import { SourceLine } from '../widget-frame.tsx';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

const SHOWN = 8;

/** One of my watchlists: heat, price and 24 h change of its first projects, with the price source and as-of. */
export function WatchlistWidget({ watchlistId, heatAsOf }: { watchlistId: string; heatAsOf: string | null }) {
  const { t } = useTranslation('dashboard');
  const list = useWatchlistWidget(watchlistId);
  if (list.isPending) return <WidgetLoading />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 404)
      return <WidgetEmpty>{t('widgets.watchlist.gone')}</WidgetEmpty>;
    return <WidgetFailed error={list.error} />;
  }
  const { items, totals } = list.data;
  const link = (
    <Link className="link text-sm" to={`/watchlists/${encodeURIComponent(watchlistId)}`}>
      {t('widgets.watchlist.open')}
    </Link>
  );
  if (items.length === 0)
    return (
      <div className="space-y-2">
        <WidgetEmpty>{t('widgets.watchlist.empty')}</WidgetEmpty>
        {link}
      </div>
    );
  const priced = items.find((i) => i.priceSource)?.priceSource ?? null;
  return (
    <div className="space-y-2">
      <table className="w-full text-sm">
        <thead>
          <tr className="muted text-left text-xs">
            <th scope="col" className="py-1 font-medium">
              {t('widgets.watchlist.project')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('widgets.watchlist.heat')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('widgets.watchlist.price')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('widgets.watchlist.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.slice(0, SHOWN).map((item) => (
            <tr key={item.projectId} className="border-t border-gray-100 dark:border-gray-800">
              <td className="max-w-32 truncate py-1">
                <Link className="link" to={`/project/${encodeURIComponent(item.projectId)}`}>
                  {item.name}
                </Link>
              </td>
              <td className="py-1 text-right">
                <HeatScore value={item.heatScore} label={t('widgets.watchlist.heat')} compact />
              </td>
              <td className="py-1 text-right tabular-nums">{formatUsd(item.price)}</td>
              <td className="py-1 text-right">
                <ChangeText value={item.priceChange24h} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {items.length > SHOWN && (
        <p className="muted text-xs">{t('widgets.watchlist.more', { count: items.length - SHOWN })}</p>
      )}
      {totals.averageHeat !== null && (
        <p className="muted text-xs">
          {t('widgets.watchlist.averageHeat', { value: formatScore(totals.averageHeat), count: totals.scoredProjects })}
        </p>
      )}
      <SourceLine asOf={heatAsOf} source={t('source.heatrank')} />
      <MetricSource source={priced} variant="line" />
      {link}
    </div>
  );
}
