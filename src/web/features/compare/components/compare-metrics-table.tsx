import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MetricSource as MetricSourceValue } from '../../../../shared/api/common.schema.ts';
import type { CompareItem } from '../../../../shared/api/compare.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { Figure, type NoValueReason } from '../../../components/ui/no-value.tsx';
import { formatCompact, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Props = { items: readonly CompareItem[]; onRemove?: (id: string) => void };

type Row = { key: string; label: string; cell: (item: CompareItem) => ReactNode };

/** Market figures of a project without a traded token are "not listed", not "no data" (as in the directory). */
const gap = (item: CompareItem): NoValueReason => (item.project.symbol === null ? 'notListed' : 'noData');

function Sourced({ value, source, children }: { value: unknown; source?: MetricSourceValue; children: ReactNode }) {
  return (
    <>
      {children}
      <MetricSource source={source} variant="line" hasValue={value !== null && value !== undefined} />
    </>
  );
}

/** One column per project, one row per figure, each with its source and as-of like the project page. */
export function CompareMetricsTable({ items, onRemove }: Props) {
  const { t } = useTranslation(['compare', 'app']);
  const rows: Row[] = [
    {
      key: 'heat',
      label: t('compare:metrics.heat'),
      cell: (i) => (
        <HeatScore value={i.project.heatScore} label={t('app:score.heat')} evidence={i.project.evidenceCount} />
      ),
    },
    {
      key: 'status',
      label: t('compare:metrics.status'),
      cell: (i) => t(`compare:status.${i.project.status ?? 'none'}`),
    },
    {
      key: 'evidence',
      label: t('compare:metrics.evidence'),
      cell: (i) => t('compare:metrics.evidenceOf', { count: i.heat.evidence.count, total: i.heat.evidence.total }),
    },
    ...(['marketCap', 'volume24h', 'price'] as const).map((field) => ({
      key: field,
      label: t(`compare:metrics.${field === 'volume24h' ? 'volume' : field}`),
      cell: (i: CompareItem) => (
        <Sourced value={i.project[field]} source={i.metricSources[field]}>
          <Figure value={i.project[field]} format={formatUsd} reason={gap(i)} />
        </Sourced>
      ),
    })),
    ...(['priceChange24h', 'priceChange7d'] as const).map((field) => ({
      key: field,
      label: t(`compare:metrics.${field === 'priceChange24h' ? 'change24h' : 'change7d'}`),
      cell: (i: CompareItem) => (
        <Sourced value={i.project[field]} source={i.metricSources[field]}>
          <ChangeText value={i.project[field]} reason={gap(i)} />
        </Sourced>
      ),
    })),
    {
      key: 'followers',
      label: t('compare:metrics.followers'),
      cell: (i) => (
        <Sourced value={i.project.followersTwitter} source={i.project.followersSource ?? undefined}>
          <Figure value={i.project.followersTwitter} format={formatCompact} />
        </Sourced>
      ),
    },
  ];

  return (
    <div className="card relative overflow-x-auto" data-slot="compare-metrics">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('compare:metrics.caption')}</caption>
        <thead className="border-b border-gray-200 dark:border-gray-800">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium text-gray-600 dark:text-gray-400">
              {t('compare:metrics.metric')}
            </th>
            {items.map((i) => (
              <th key={i.project.id} scope="col" className="min-w-32 px-3 py-2 text-left align-top">
                <Link to={`/project/${encodeURIComponent(i.project.id)}`} className="link font-semibold">
                  {i.project.name}
                </Link>
                {onRemove && (
                  <button
                    type="button"
                    className="muted ml-2 text-xs hover:text-red-600"
                    aria-label={t('compare:remove', { name: i.project.name })}
                    onClick={() => onRemove(i.project.id)}
                  >
                    ✕
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                {row.label}
              </th>
              {items.map((i) => (
                <td key={i.project.id} className="px-3 py-2 tabular-nums">
                  {row.cell(i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
