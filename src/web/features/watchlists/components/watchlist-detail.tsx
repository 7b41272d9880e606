import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatScore, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWatchlist } from '../api.ts';
import { Missing } from './figure-cell.tsx';
import { type HoldingSelection, HoldingsTable } from './holdings-table.tsx';
import { ListHeatChart } from './list-heat-chart.tsx';

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
  const noAmount = items.filter((item) => item.amount === null).length;
  // Each total says how many of the list's holdings it covers: a sum over 1 of 5 must not read as the portfolio's.
  const stats = [
    { key: 'totalValue', value: totals.value, text: formatUsd(totals.value), covered: totals.pricedHoldings },
    { key: 'totalPnl', value: totals.pnl, text: signed(totals.pnl), covered: totals.pnlHoldings },
    { key: 'totalChange', value: totals.change24h, text: signed(totals.change24h), covered: totals.changeHoldings },
    {
      key: 'averageHeat',
      value: totals.averageHeat,
      text: formatScore(totals.averageHeat),
      covered: totals.scoredProjects,
    },
  ];
  return (
    <div className="space-y-6">
      {back}
      <PageHeader title={name} subtitle={t('lists.count', { count: items.length })} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.key} className="card p-4" data-total={s.key}>
            <dt className="muted text-xs">{t(`detail.${s.key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {s.value === null ? <Missing reason="noData" /> : s.text}
            </dd>
            <dd className="muted text-xs" data-covers="">
              {t(`detail.covers.${s.key}`, { covered: s.covered, total: totals.holdings })}
            </dd>
          </div>
        ))}
      </dl>
      <div className="muted space-y-1 text-xs">
        {noAmount > 0 && <p>{t('detail.noAmount', { count: noAmount })}</p>}
        {totals.unpricedHoldings > 0 && <p>{t('detail.unpriced', { count: totals.unpricedHoldings })}</p>}
        {totals.pnl !== null && <p>{t('detail.pnlScope', { cost: formatUsd(totals.costBasis) })}</p>}
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
      <ListHeatChart id={id} />
    </div>
  );
}
