import { useMemo } from 'react';
import type { EvaluationCellDto } from '../../../../shared/api/methodology.schema.ts';
import { type EchartsLoader, useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatCorrelation } from '../evaluation-view.ts';

const loadEvaluationEcharts: EchartsLoader = () => import('./evaluation-echarts.ts').then((module) => module.echarts);

type Props = { cell: EvaluationCellDto; outcomeLabel: string; horizonLabel: string };

/** The correlation on each evaluated day, with the mean's 95 % interval shaded and 0 marked. */
export function CorrelationChart({ cell, outcomeLabel, horizonLabel }: Props) {
  const { t } = useTranslation('methodology');
  const days = useMemo(() => (cell.daily ?? []).filter((d) => d.correlation !== null), [cell]);
  const { mean, low, high } = cell.correlation;
  const option = useMemo(() => {
    if (days.length === 0) return null;
    return {
      animation: false,
      grid: { left: 44, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatCorrelation(v) ?? '' },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', min: -1, max: 1, axisLabel: { formatter: (v: number) => formatCorrelation(v) ?? '' } },
      series: [
        {
          name: t('evaluation.chart.daily'),
          type: 'line',
          showSymbol: days.length < 40,
          data: days.map((d) => [d.day, d.correlation]),
          markLine: { silent: true, symbol: 'none', data: [{ yAxis: 0 }], lineStyle: { type: 'dashed' } },
          markArea:
            low !== null && high !== null
              ? { silent: true, itemStyle: { opacity: 0.15 }, data: [[{ yAxis: low }, { yAxis: high }]] }
              : undefined,
        },
      ],
    };
  }, [days, low, high, t]);
  const { ref } = useEchart(loadEvaluationEcharts, option);
  const label = t('evaluation.chart.label', {
    outcome: outcomeLabel,
    horizon: horizonLabel,
    mean: formatCorrelation(mean) ?? t('evaluation.notEnough'),
    low: formatCorrelation(low) ?? '—',
    high: formatCorrelation(high) ?? '—',
  });
  return (
    <figure className="card mt-4 p-4">
      <figcaption className="text-sm font-semibold">
        {t('evaluation.chart.title', { outcome: outcomeLabel, horizon: horizonLabel })}
      </figcaption>
      {days.length === 0 ? (
        <p className="muted mt-3 text-sm">{t('evaluation.chart.noDays')}</p>
      ) : (
        // Fixed height: the chart draws after its data, so the page below never moves.
        <div ref={ref} role="img" aria-label={label} className="mt-2 h-56 w-full" data-testid="correlation-chart" />
      )}
      <p className="muted mt-2 text-xs">{label}</p>
    </figure>
  );
}
