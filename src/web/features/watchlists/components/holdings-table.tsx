import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { WatchlistItem } from '../../../../shared/api/watchlists.schema.ts';
import { MetricSource, SampleNote } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { formatQuantity, formatScore, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRemoveItem } from '../api.ts';
import { FigureCell, Missing } from './figure-cell.tsx';
import { HoldingEditor } from './holding-editor.tsx';

const COLUMNS = [
  'project',
  'marketCap',
  'price',
  'change24h',
  'heat',
  'amount',
  'value',
  'pnl',
  'valueChange',
  'actions',
] as const;

/** Row checkboxes: which holdings are ticked, whether more may be, and the box's accessible name. */
export type HoldingSelection = {
  isSelected: (id: string) => boolean;
  /** A full selection disables the rows not in it. */
  canSelectMore: boolean;
  onToggle: (id: string) => void;
  label: (name: string) => string;
};

type Props = { listId: string; items: WatchlistItem[]; selection?: HoldingSelection };

// Headers and figures never wrap (a phone scrolls the table sideways instead of breaking "24 小时" letter by letter);
// the project column stays in view while it scrolls.
const CELL = 'whitespace-nowrap px-2.5 py-2 align-top';
const STICKY = 'sticky left-0 z-10 bg-white dark:bg-gray-900';

/** One row per project of the list; a row's Edit (or "Enter quantity") opens its holding editor below it. */
export function HoldingsTable({ listId, items, selection }: Props) {
  const { t } = useTranslation('watchlists');
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useRemoveItem();
  return (
    <div className="card overflow-x-auto" data-slot="holdings-table">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-gray-600 dark:text-gray-400">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={`${CELL} font-medium ${c === 'project' ? STICKY : ''}`}>
                {t(`table.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Fragment key={item.projectId}>
              <tr className="border-t border-gray-200 dark:border-gray-800" data-holding={item.projectId}>
                <th scope="row" className={`${CELL} ${STICKY} text-left font-medium`}>
                  <div className="flex items-center gap-2">
                    {selection && (
                      <input
                        type="checkbox"
                        checked={selection.isSelected(item.projectId)}
                        disabled={!selection.canSelectMore && !selection.isSelected(item.projectId)}
                        onChange={() => selection.onToggle(item.projectId)}
                        aria-label={selection.label(item.name)}
                      />
                    )}
                    <Link to={`/project/${item.projectId}`} className="link flex items-center gap-2">
                      <Logo src={item.logoUrl} name={item.name} size={20} />
                      <span className="max-w-40 truncate">{item.name}</span>
                      {item.symbol && <span className="muted text-xs">{item.symbol}</span>}
                    </Link>
                  </div>
                  {item.note && <p className="muted max-w-48 truncate text-xs font-normal">{item.note}</p>}
                </th>
                <td className={`${CELL} tabular-nums`} data-figure="marketCap">
                  {item.marketCap === null ? <Missing reason="noData" /> : formatUsd(item.marketCap)}
                  {/* Source and as-of under the figure ("Sample · as of 30 Jun 2025", "As of … · CoinGecko"). */}
                  <MetricSource source={item.marketSource} hasValue={item.marketCap !== null} variant="line" />
                </td>
                <td className={`${CELL} tabular-nums`} data-figure="price">
                  {item.price === null ? <Missing reason="noData" /> : formatUsd(item.price)}
                  {/* The compact mark (its as-of in the tooltip and the note under the table): CoinGecko sends price
                      and market cap together, so the market cap's line states the shared source and time. */}
                  <MetricSource source={item.priceSource} hasValue={item.price !== null} />
                </td>
                <td className={CELL} data-figure="priceChange24h">
                  {item.priceChange24h === null ? (
                    <Missing reason="noData" />
                  ) : (
                    <ChangeText value={item.priceChange24h} />
                  )}
                </td>
                <td className={`${CELL} tabular-nums`}>
                  {item.heatScore === null ? <Missing reason="noData" /> : formatScore(item.heatScore)}
                </td>
                <td className={`${CELL} tabular-nums`} data-figure="amount">
                  {item.amount === null ? (
                    <button
                      type="button"
                      className="link text-xs"
                      aria-label={t('table.setAmountLabel', { name: item.name })}
                      onClick={() => setEditing(item.projectId)}
                    >
                      {t('table.setAmount')}
                    </button>
                  ) : (
                    formatQuantity(item.amount)
                  )}
                </td>
                <td className={CELL} data-figure="value">
                  <FigureCell figure={item.value} />
                </td>
                <td className={CELL} data-figure="pnl">
                  <FigureCell figure={item.pnl} signed />
                </td>
                <td className={CELL} data-figure="change24h">
                  <FigureCell figure={item.change24h} signed />
                </td>
                <td className={CELL}>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      onClick={() => setEditing(item.projectId)}
                    >
                      {t('table.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      aria-label={t('table.removeLabel', { name: item.name })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: listId, projectId: item.projectId })}
                    >
                      {t('table.remove')}
                    </button>
                  </div>
                </td>
              </tr>
              {editing === item.projectId && (
                <tr>
                  <td colSpan={COLUMNS.length} className="sticky left-0">
                    <HoldingEditor listId={listId} item={item} onDone={() => setEditing(null)} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      <SampleNote
        className="sticky left-0 px-3 pb-2"
        sources={items.flatMap((item) => [item.marketSource, item.priceSource])}
      />
    </div>
  );
}
