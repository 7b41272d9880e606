import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  HeatSparklines,
  ProjectListItem,
  ProjectSort,
  TrendingRank,
} from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons.tsx';
import { Figure, type NoValueReason } from '../../../components/ui/no-value.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Heat7dSparkline } from './heat-7d-sparkline.tsx';
import { ProjectNameCell } from './project-name-cell.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { TrendingBadge } from './trending-badge.tsx';

export type SortState = { sort: ProjectSort; order: 'asc' | 'desc' };

/** Row checkboxes (the directory's "compare selected"): which rows are ticked, and the box's accessible name. */
export type RowSelection = {
  isSelected: (id: string) => boolean;
  /** A full selection disables the rows not in it. */
  canSelectMore: boolean;
  onToggle: (id: string) => void;
  label: (name: string) => string;
};

type ProjectTableProps = {
  items: readonly ProjectListItem[];
  /** Rank of the first row minus one (the page offset). */
  offset?: number;
  sort?: SortState;
  onSortChange?: (sort: ProjectSort) => void;
  /** Display name of a sector in the UI language (required: the stored category is English). */
  sectorLabel: (category: string) => string;
  caption?: string;
  /** Add the 7-day price change ("momentum") after the 24 h change (the /tool layout). */
  momentum?: boolean;
  /** Adds a checkbox before each row's rank. */
  selection?: RowSelection;
  /**
   * The directory's investor layout: a 7 d change column, each row's 7-day heat line (from the page's `heat7d`),
   * compact rows, the header sticky inside a viewport-high box, the table (not cards) on phones with the name pinned.
   */
  directory?: {
    heat7d: HeatSparklines | undefined;
    renderStar?: (project: ProjectListItem) => ReactNode;
    /** The page's CoinGecko trending ranks by project id (a badge after the name). */
    trending?: Record<string, TrendingRank>;
  };
};

const MAX_CHAINS = 2;
// The chains column appears when the table's own box is wide enough (a container query, not the viewport: /tool
// puts the table in a narrower box than /directory); project pages and cards always list them.
const CHAINS_CELL = 'hidden @6xl:table-cell';
// The name stays in view while the rest scrolls sideways (a phone): opaque, above the cells that pass under it.
const PINNED = 'sticky left-0 z-10 bg-white dark:bg-gray-900';
const PINNED_HEAD = 'sticky left-0 z-30 bg-gray-50 dark:bg-gray-900';

/** The ranking table (md and up; at every width in the directory); below md elsewhere the rows are cards. */
export function ProjectTable({
  items,
  offset = 0,
  sort,
  onSortChange,
  sectorLabel,
  caption,
  momentum = false,
  selection,
  directory,
}: ProjectTableProps) {
  const { t } = useTranslation(['directory', 'app']);
  const cell = directory ? 'px-1 py-1.5 sm:px-2' : 'px-2.5 py-3';
  // On a phone the directory folds the rank into the name cell and leaves the compare boxes to wider screens.
  const rankCell = directory ? 'hidden sm:table-cell' : '';
  const header = (label: string, column?: ProjectSort, align: 'left' | 'right' = 'left', extra = '') => {
    const active = column && sort?.sort === column;
    const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
    const alignClass = align === 'right' ? 'text-right' : 'text-left';
    return (
      <th
        scope="col"
        aria-sort={ariaSort}
        className={`${directory ? 'px-1 py-2 sm:px-2' : 'px-2.5 py-3'} font-medium whitespace-nowrap ${alignClass} ${extra}`}
      >
        {column && onSortChange ? (
          <button
            type="button"
            className={`inline-flex items-center gap-1 rounded hover:text-brand-700 dark:hover:text-brand-400 ${active ? 'text-gray-900 dark:text-white' : ''}`}
            onClick={() => onSortChange(column)}
            title={t('directory:table.sortBy', { column: label })}
          >
            {label}
            {active && (sort.order === 'asc' ? <ArrowUpIcon size={14} /> : <ArrowDownIcon size={14} />)}
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  // The directory's box scrolls both ways and is at most a viewport high, so its header can stick to its top (a
  // sticky header inside a sideways-scrolling box cannot stick to the page).
  const box = directory
    ? 'card @container block max-h-[calc(100dvh-5rem)] overflow-auto overscroll-x-contain'
    : 'card @container hidden overflow-x-auto md:block';
  const headClass = directory
    ? 'sticky top-0 z-20 bg-gray-50 shadow-[0_1px_0_0] shadow-gray-200 dark:bg-gray-900 dark:shadow-gray-800'
    : '';
  return (
    <div className={box} data-slot={directory ? 'directory-table' : undefined}>
      <table className="w-full text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead
          className={`border-b border-gray-200 text-gray-600 dark:border-gray-800 dark:text-gray-400 ${headClass}`}
        >
          <tr>
            {header(t('directory:table.rank'), undefined, 'left', rankCell)}
            {header(t('directory:table.project'), 'name', 'left', directory ? PINNED_HEAD : '')}
            {header(t('directory:table.heat'), 'heat', 'right')}
            {directory && header(t('directory:table.price'), 'price', 'right')}
            {/* The directory's narrow columns say "24h" / "7d" (the full name is the button's title). */}
            {header(
              t(directory ? 'directory:table.change24hShort' : 'directory:table.change24h'),
              'change_24h',
              'right',
            )}
            {momentum && header(t('directory:table.momentum'), undefined, 'right')}
            {directory && header(t('directory:table.change7dShort'), undefined, 'right')}
            {header(t('directory:table.marketCap'), 'market_cap', 'right')}
            {header(t('directory:table.volume'), 'volume', 'right')}
            {directory?.heat7d && header(t('directory:table.heat7d'))}
            {header(t('directory:table.sector'))}
            {!directory && header(t('directory:table.chains'), undefined, 'left', CHAINS_CELL)}
            {header(t('directory:table.status'))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {items.map((project, index) => (
            <tr key={project.id} className="group hover:bg-gray-50 dark:hover:bg-gray-800/50">
              <td className={`muted ${cell} tabular-nums whitespace-nowrap ${rankCell}`}>
                {/* In the rank cell, not a column of its own: the table's columns stay where they were. */}
                {selection && (
                  <input
                    type="checkbox"
                    className="mr-2 align-middle"
                    checked={selection.isSelected(project.id)}
                    disabled={!selection.canSelectMore && !selection.isSelected(project.id)}
                    onChange={() => selection.onToggle(project.id)}
                    aria-label={selection.label(project.name)}
                  />
                )}
                {offset + index + 1}
              </td>
              <td
                className={
                  directory
                    ? `${PINNED} max-w-28 ${cell} group-hover:bg-gray-50 sm:max-w-64 dark:group-hover:bg-gray-800`
                    : `max-w-64 ${cell}`
                }
                data-column="project"
              >
                <div className="flex min-w-0 items-center gap-1.5">
                  {directory && (
                    <span className="muted w-4 shrink-0 text-[11px] tabular-nums sm:hidden">{offset + index + 1}</span>
                  )}
                  {directory?.renderStar?.(project)}
                  <ProjectNameCell project={project} compact={directory !== undefined} />
                  <TrendingBadge trending={directory?.trending?.[project.id]} />
                </div>
              </td>
              <td className={`${cell} text-right`} data-column="heat">
                <HeatScore
                  value={project.heatScore}
                  label={t('app:score.heat')}
                  evidence={project.evidenceCount}
                  compact={directory !== undefined}
                />
              </td>
              {directory && (
                <td className={`${cell} text-right whitespace-nowrap tabular-nums`} data-column="price">
                  {/* On a phone the sample mark sits under the price: the column stays narrow enough to fit. */}
                  <span className="inline-flex flex-col items-end sm:inline">
                    <MarketFigure project={project} value={project.price} />
                  </span>
                </td>
              )}
              <td className={`${cell} text-right`} data-column="change24h">
                <ChangeText value={project.priceChange24h} reason={marketGap(project)} />
              </td>
              {(momentum || directory) && (
                <td className={`${cell} text-right`} data-column={momentum ? 'momentum' : 'change7d'}>
                  <ChangeText value={project.priceChange7d} reason={marketGap(project)} />
                </td>
              )}
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                <MarketFigure project={project} value={project.marketCap} />
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                <MarketFigure project={project} value={project.volume24h} />
              </td>
              {directory?.heat7d && (
                <td className={cell} data-column="heat7d">
                  <Heat7dSparkline scores={directory.heat7d.scores[project.id] ?? []} days={directory.heat7d.days} />
                </td>
              )}
              <td className={cell}>
                <Link
                  to={`/directory?category=${encodeURIComponent(project.category)}`}
                  className="link whitespace-nowrap"
                >
                  {sectorLabel(project.category)}
                </Link>
              </td>
              {!directory && (
                <td className={`${cell} whitespace-nowrap ${CHAINS_CELL}`}>
                  <ChainList chains={project.chains} />
                </td>
              )}
              <td className={cell}>
                <ProjectStatusBadge status={project.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Why a project's market figures are missing: no traded token at all, or no source has answered yet. */
export const marketGap = (project: Pick<ProjectListItem, 'symbol'>): NoValueReason =>
  project.symbol === null ? 'notListed' : 'noData';

/** A row's market cap or volume in dollars: the figure (or "—" with its reason) and its sample/as-of marker. */
export function MarketFigure({
  project,
  value,
}: {
  project: Pick<ProjectListItem, 'symbol' | 'marketSource'>;
  value: number | null;
}) {
  return (
    <>
      <Figure value={value} format={formatUsd} reason={marketGap(project)} />
      <MetricSource source={project.marketSource} hasValue={value !== null} />
    </>
  );
}

export function ChainList({ chains }: { chains: readonly string[] }) {
  const { t } = useTranslation('directory');
  const shown = chains.slice(0, MAX_CHAINS);
  const rest = chains.length - shown.length;
  return (
    <span className="text-gray-700 dark:text-gray-300" title={chains.join(', ')}>
      {shown.join(', ')}
      {rest > 0 && <span className="muted"> {t('table.moreChains', { count: rest })}</span>}
    </span>
  );
}
