import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatScore } from '../../../lib/format.ts';
import { type HistoryRange, watchlistHistoryOptions } from '../api.ts';

const RANGES: HistoryRange[] = ['7d', '30d', '90d'];
const WIDTH = 600;
const HEIGHT = 120;

/** The list's mean heat per day as a small SVG line (no chart library: a few dozen points). */
export function HeatSparkline({ id }: { id: string }) {
  const { t } = useTranslation('watchlists');
  const [range, setRange] = useState<HistoryRange>('30d');
  const history = useQuery(watchlistHistoryOptions(id, range));
  const points = history.data?.points ?? [];
  const xy = points.map((p, i) => {
    const x = points.length === 1 ? WIDTH / 2 : (i / (points.length - 1)) * WIDTH;
    // Heat is 0–100: a fixed scale, so a flat list does not look like a swing.
    const y = HEIGHT - 8 - (Math.min(Math.max(p.heat, 0), 100) / 100) * (HEIGHT - 16);
    return { x, y, p };
  });
  return (
    <section className="card space-y-3 p-4" aria-labelledby="watchlist-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="watchlist-history" className="font-semibold">
            {t('history.title')}
          </h2>
          <p className="muted text-xs">{t('history.hint')}</p>
        </div>
        <fieldset className="flex gap-1" aria-label={t('history.range')}>
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              className={r === range ? 'btn-primary px-2 py-1 text-xs' : 'btn-secondary px-2 py-1 text-xs'}
              onClick={() => setRange(r)}
            >
              {t(`history.${r}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : points.length === 0 ? (
        <p className="muted text-sm">{t('history.empty')}</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-28 w-full" role="img" aria-label={t('history.title')}>
          <polyline
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="text-brand-600"
            points={xy.map(({ x, y }) => `${x},${y}`).join(' ')}
          />
          <line
            x1="0"
            x2={WIDTH}
            y1={HEIGHT / 2}
            y2={HEIGHT / 2}
            className="stroke-gray-200 dark:stroke-gray-800"
            strokeDasharray="4 4"
          />
          {xy.map(({ x, y, p }) => (
            <circle key={p.day} cx={x} cy={y} r="3" className="fill-brand-600">
              <title>{t('history.point', { day: p.day, heat: formatScore(p.heat), count: p.projects })}</title>
            </circle>
          ))}
        </svg>
      )}
    </section>
  );
}
