import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatScore, formatUsd } from '../../../lib/format.ts';
import { useWatchlist } from '../api.ts';
import { HeatSparkline } from './heat-sparkline.tsx';
import { type HoldingSelection, HoldingsTable } from './holdings-table.tsx';

const signed = (value: number | null) => (value !== null && value > 0 ? `+${formatUsd(value)}` : formatUsd(value));

type Props = {
  id: string;
  /** Row checkboxes (the page's "compare selected"). */
  selection?: HoldingSelection;
  /** Shown above the holdings table when the list has two or more projects (the page's compare link); given the
   *  list's project ids, so a ticked project that has since left the list is not compared. */
  compareBar?: (projectIds: string[]) => ReactNode;
};

/** /watchlists/:id: the totals, the holdings table and the list's heat over time. */
export function WatchlistDetail({ id, selection, compareBar }: Props) {
  const { t } = useTranslation('watchlists');
  const list = useWatchlist(id);
  const back = (
    <Link to="/watchlists" className="link text-sm">
      ← {t('detail.back')}
    </Link>
  );
  if (list.isPending) return <Skeleton className="h-60 w-full" />;
  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <div className="space-y-3">
        {back}
        <p role="alert">{missing ? t('detail.notFound') : list.error.message}</p>
      </div>
    );
  }
  const { name, items, totals } = list.data;
  const stats = [
    { key: 'totalValue', value: formatUsd(totals.value) },
    { key: 'totalPnl', value: signed(totals.pnl) },
    { key: 'totalChange', value: signed(totals.change24h) },
    { key: 'averageHeat', value: formatScore(totals.averageHeat) },
  ];
  return (
    <div className="space-y-6">
      {back}
      <PageHeader title={name} subtitle={t('lists.count', { count: items.length })} />
      <dl className="grid gap-3 sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.key} className="card p-4" data-total={s.key}>
            <dt className="muted text-xs">{t(`detail.${s.key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className="muted space-y-1 text-xs">
        {totals.unpricedHoldings > 0 && <p>{t('detail.unpriced', { count: totals.unpricedHoldings })}</p>}
        {totals.pnl !== null && <p>{t('detail.pnlScope', { cost: formatUsd(totals.costBasis) })}</p>}
        <p>{t('detail.averageHeatHint', { count: totals.scoredProjects })}</p>
      </div>
      <section aria-labelledby="holdings" className="space-y-3">
        <h2 id="holdings" className="text-lg font-semibold">
          {t('detail.holdings')}
        </h2>
        {items.length >= 2 && compareBar?.(items.map((item) => item.projectId))}
        {items.length === 0 ? (
          <p className="muted">{t('detail.empty')}</p>
        ) : (
          <HoldingsTable listId={id} items={items} selection={items.length >= 2 ? selection : undefined} />
        )}
      </section>
      <HeatSparkline id={id} />
    </div>
  );
}
