import type { StatsResponse } from '../../../../shared/api/system.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime, formatInteger, formatPercent, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type StatKey, whyNotYet } from '../stats-why.ts';

const STATS: { key: StatKey; format: (value: number) => string }[] = [
  { key: 'totalProjects', format: formatInteger },
  { key: 'activeSectors', format: formatInteger },
  { key: 'trendingToday', format: formatInteger },
  { key: 'heatIndex', format: formatScore },
  { key: 'totalUsers', format: formatInteger },
  { key: 'dailyActive', format: formatInteger },
  { key: 'weeklyGrowth', format: (v) => formatPercent(v, 1) },
  { key: 'monthlyGrowth', format: (v) => formatPercent(v, 1) },
];

/**
 * The homepage statistics. The title says "live" only when the figures are (`live`, from GET /api/data-state); a
 * statistic the instance cannot compute yet says why in words, never a bare 0 or "—".
 */
export function StatsGrid({ stats, live }: { stats: StatsResponse | undefined; live: boolean }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-stats">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="home-stats" className="text-lg font-semibold">
          {live ? t('stats.title') : t('stats.titleNotLive')}
        </h2>
        {stats && <p className="muted text-xs">{t('stats.asOf', { date: formatDateTime(stats.asOf) })}</p>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        {STATS.map(({ key, format }) => {
          const value = stats?.[key];
          const why = stats ? whyNotYet(stats, key) : null;
          return (
            <div key={key} className="card p-4">
              <dt className="muted text-xs font-medium">{t(`stats.${key}`)}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-stat={key}>
                {stats === undefined ? (
                  <Skeleton className="h-8 w-20" />
                ) : why !== null ? (
                  <span className="muted block text-sm font-medium leading-5" data-stat-why={why}>
                    {t(`stats.why.${why}`)}
                  </span>
                ) : value === null || value === undefined ? (
                  <span className="muted block text-sm font-medium leading-5">{t('stats.nullHint')}</span>
                ) : (
                  format(value)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
