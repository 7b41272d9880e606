import { useMemo, useState } from 'react';
import type { ProjectHeatResponse } from '../../../../shared/api/heat.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadHeatEcharts } from './load-heat-echarts.ts';

const CATEGORIES = ['social', 'market', 'development', 'news'] as const;
type Category = (typeof CATEGORIES)[number];

type Props = { categories: ProjectHeatResponse['categories']; initialVariant?: 'radar' | 'bar' };

/**
 * The four category sub-scores (0–100) as a radar or a bar chart. A category without data is drawn at 0 and labelled
 * "no data" — never given an invented value.
 */
export function HeatBreakdownChart({ categories, initialVariant = 'radar' }: Props) {
  const { t } = useTranslation('heat');
  const [variant, setVariant] = useState(initialVariant);
  const labels = CATEGORIES.map((c) => t(`categories.${c}`));
  const valueText = (c: Category) => {
    const value = categories[c];
    return value === null ? t('table.noData') : formatScore(value);
  };

  const option = useMemo(() => {
    const labels = CATEGORIES.map((c) => t(`categories.${c}`));
    const valueText = (c: Category) => (categories[c] === null ? t('table.noData') : formatScore(categories[c]));
    const values = CATEGORIES.map((c) => categories[c] ?? 0);
    const tooltip = { trigger: variant === 'bar' ? 'axis' : 'item' };
    if (variant === 'bar') {
      return {
        tooltip: { ...tooltip, valueFormatter: (v: number) => formatScore(v) },
        grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value', min: 0, max: 100 },
        series: [
          {
            type: 'bar',
            data: CATEGORIES.map((c, i) => ({
              value: values[i],
              label: { show: true, position: 'top', formatter: () => valueText(c) },
              itemStyle: { color: categories[c] === null ? '#9ca3af' : '#f97316' },
            })),
          },
        ],
      };
    }
    return {
      tooltip: {
        ...tooltip,
        formatter: () => CATEGORIES.map((c, i) => `${labels[i]}: ${valueText(c)}`).join('<br/>'),
      },
      radar: {
        indicator: CATEGORIES.map((c, i) => ({
          name: categories[c] === null ? `${labels[i]}\n(${t('table.noData')})` : labels[i],
          max: 100,
        })),
        radius: '65%',
      },
      series: [
        {
          type: 'radar',
          areaStyle: { opacity: 0.25 },
          itemStyle: { color: '#f97316' },
          data: [{ value: values, name: t('chart.title') }],
        },
      ],
    };
  }, [categories, variant, t]);
  // With no category holding data a chart would be four zeros: say so in words instead (and load no chart code).
  const anyData = CATEGORIES.some((c) => categories[c] !== null);
  const { ref, ready } = useEchart(loadHeatEcharts, anyData ? option : null);
  const summary = CATEGORIES.map((c, i) => `${labels[i]} ${valueText(c)}`).join(', ');

  return (
    <figure className="card min-w-0 p-4">
      <figcaption className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t('chart.title')}</h3>
        <fieldset className="flex gap-1 text-sm">
          <legend className="sr-only">{t('chart.title')}</legend>
          {(['radar', 'bar'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={variant === v}
              className={variant === v ? 'btn-primary px-2 py-0.5' : 'btn-secondary px-2 py-0.5'}
              onClick={() => setVariant(v)}
            >
              {t(`chart.${v}`)}
            </button>
          ))}
        </fieldset>
      </figcaption>
      {anyData ? (
        <div className="relative h-64">
          {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
          <div ref={ref} role="img" aria-label={t('chart.label', { summary })} className="h-full w-full" />
        </div>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-300">{t('chart.noCategory')}</p>
      )}
    </figure>
  );
}
