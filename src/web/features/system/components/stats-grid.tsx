import { useTranslation } from 'react-i18next';
import type { StatsResponse } from '../../../../shared/api/system.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EMPTY, formatDateTime, formatInteger, formatPercent, formatScore } from '../../../lib/format.ts';

type StatKey = Exclude<keyof StatsResponse, 'asOf'>;

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

/** The homepage statistics; a statistic the server cannot compute honestly (null) shows "—", never a guess. */
export function StatsGrid({ stats }: { stats: StatsResponse | undefined }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-stats">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="home-stats" className="text-lg font-semibold">
          {t('stats.title')}
        </h2>
        {stats && <p className="muted text-xs">{t('stats.asOf', { date: formatDateTime(stats.asOf) })}</p>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        {STATS.map(({ key, format }) => {
          const value = stats?.[key];
          return (
            <div key={key} className="card p-4">
              <dt className="muted text-xs font-medium">{t(`stats.${key}`)}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-stat={key}>
                {stats === undefined ? (
                  <Skeleton className="h-8 w-20" />
                ) : value === null || value === undefined ? (
                  <span title={t('stats.nullHint')}>
                    {EMPTY}
                    <span className="sr-only">{t('stats.nullHint')}</span>
                  </span>
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
