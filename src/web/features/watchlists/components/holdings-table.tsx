import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WatchlistItem } from '../../../../shared/api/watchlists.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatDecimal, formatScore, formatUsd } from '../../../lib/format.ts';
import { useRemoveItem } from '../api.ts';
import { FigureCell } from './figure-cell.tsx';
import { HoldingEditor } from './holding-editor.tsx';

const COLUMNS = ['project', 'price', 'change24h', 'heat', 'amount', 'value', 'pnl', 'valueChange', 'actions'] as const;

/** Row checkboxes: which holdings are ticked, whether more may be, and the box's accessible name. */
export type HoldingSelection = {
  isSelected: (id: string) => boolean;
  /** A full selection disables the rows not in it. */
  canSelectMore: boolean;
  onToggle: (id: string) => void;
  label: (name: string) => string;
};

type Props = { listId: string; items: WatchlistItem[]; selection?: HoldingSelection };

/** One row per project of the list; a row's Edit opens its holding editor below it. */
export function HoldingsTable({ listId, items, selection }: Props) {
  const { t } = useTranslation('watchlists');
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useRemoveItem();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-xs uppercase text-gray-600 dark:text-gray-400">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium">
                {t(`table.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Fragment key={item.projectId}>
              <tr className="border-t border-gray-200 dark:border-gray-800" data-holding={item.projectId}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
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
                      <span>{item.name}</span>
                      {item.symbol && <span className="muted text-xs">{item.symbol}</span>}
                    </Link>
                  </div>
                  {item.note && <p className="muted text-xs font-normal">{item.note}</p>}
                </th>
                <td className="px-3 py-2 tabular-nums" data-figure="price">
                  {item.price === null ? <NoValue text={t('reasons.no_price')} /> : formatUsd(item.price)}
                  {/* The price's market source, marked like the directory's (a sample figure says so). */}
                  <MetricSource source={item.marketSource} hasValue={item.price !== null} />
                </td>
                <td className="px-3 py-2">
                  <ChangeText value={item.priceChange24h} />
                </td>
                <td className="px-3 py-2 tabular-nums">{formatScore(item.heatScore)}</td>
                <td className="px-3 py-2 tabular-nums">
                  {item.amount === null ? <NoValue text={t('reasons.no_amount')} /> : formatDecimal(item.amount, 4)}
                </td>
                <td className="px-3 py-2" data-figure="value">
                  <FigureCell figure={item.value} />
                </td>
                <td className="px-3 py-2" data-figure="pnl">
                  <FigureCell figure={item.pnl} signed />
                </td>
                <td className="px-3 py-2" data-figure="change24h">
                  <FigureCell figure={item.change24h} signed />
                </td>
                <td className="px-3 py-2">
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
                  <td colSpan={COLUMNS.length}>
                    <HoldingEditor listId={listId} item={item} onDone={() => setEditing(null)} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
