import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectListItem, ProjectSort } from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { HeatScore } from '../../../components/ui/heat-score.tsx';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons.tsx';
import { Figure, type NoValueReason } from '../../../components/ui/no-value.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { ProjectNameCell } from './project-name-cell.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';

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
};

const MAX_CHAINS = 2;
// The chains column appears when the table's own box is wide enough (a container query, not the viewport: /tool
// puts the table in a narrower box than /directory); project pages and cards always list them.
const CHAINS_CELL = 'hidden @6xl:table-cell';

/** The ranking table (md and up); below md the same rows render as cards (ProjectCards). */
export function ProjectTable({
  items,
  offset = 0,
  sort,
  onSortChange,
  sectorLabel,
  caption,
  momentum = false,
  selection,
}: ProjectTableProps) {
  const { t } = useTranslation(['directory', 'app']);
  const header = (label: string, column?: ProjectSort, align: 'left' | 'right' = 'left', extra = '') => {
    const active = column && sort?.sort === column;
    const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
    const alignClass = align === 'right' ? 'text-right' : 'text-left';
    return (
      <th
        scope="col"
        aria-sort={ariaSort}
        className={`px-2.5 py-3 font-medium whitespace-nowrap ${alignClass} ${extra}`}
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

  return (
    <div className="card @container hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b border-gray-200 text-gray-600 dark:border-gray-800 dark:text-gray-400">
          <tr>
            {header(t('directory:table.rank'))}
            {header(t('directory:table.project'), 'name')}
            {header(t('directory:table.heat'), 'heat', 'right')}
            {header(t('directory:table.change24h'), 'change_24h', 'right')}
            {momentum && header(t('directory:table.momentum'), undefined, 'right')}
            {header(t('directory:table.marketCap'), 'market_cap', 'right')}
            {header(t('directory:table.volume'), 'volume', 'right')}
            {header(t('directory:table.sector'))}
            {header(t('directory:table.chains'), undefined, 'left', CHAINS_CELL)}
            {header(t('directory:table.status'))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {items.map((project, index) => (
            <tr key={project.id} className="hover:bg-gray-50 dark:hover:bg-gray-800/50">
              <td className="muted px-2.5 py-3 tabular-nums whitespace-nowrap">
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
              <td className="max-w-64 px-2.5 py-3">
                <ProjectNameCell project={project} />
              </td>
              <td className="px-2.5 py-3 text-right">
                <HeatScore value={project.heatScore} label={t('app:score.heat')} evidence={project.evidenceCount} />
              </td>
              <td className="px-2.5 py-3 text-right">
                <ChangeText value={project.priceChange24h} reason={marketGap(project)} />
              </td>
              {momentum && (
                <td className="px-2.5 py-3 text-right" data-column="momentum">
                  <ChangeText value={project.priceChange7d} reason={marketGap(project)} />
                </td>
              )}
              <td className="px-2.5 py-3 text-right whitespace-nowrap tabular-nums">
                <MarketFigure project={project} value={project.marketCap} />
              </td>
              <td className="px-2.5 py-3 text-right whitespace-nowrap tabular-nums">
                <MarketFigure project={project} value={project.volume24h} />
              </td>
              <td className="px-2.5 py-3">
                <Link
                  to={`/directory?category=${encodeURIComponent(project.category)}`}
                  className="link whitespace-nowrap"
                >
                  {sectorLabel(project.category)}
                </Link>
              </td>
              <td className={`px-2.5 py-3 whitespace-nowrap ${CHAINS_CELL}`}>
                <ChainList chains={project.chains} />
              </td>
              <td className="px-2.5 py-3">
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
