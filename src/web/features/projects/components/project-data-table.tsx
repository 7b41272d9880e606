import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProjectListItem, ProjectSort } from '../../../../shared/api/projects.schema.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons.tsx';
import { Figure, NoValue } from '../../../components/ui/no-value.tsx';
import { formatCompact, formatDate, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { MarketFigure, marketGap, type SortState } from './project-table.tsx';

type Column = {
  key: string;
  label: 'project' | 'sector' | 'heat' | 'social' | 'price' | 'marketCap' | 'volume' | 'change24h' | 'listed';
  sort?: ProjectSort;
  numeric?: boolean;
  render: (p: ProjectListItem, sectorLabel: (category: string) => string) => ReactNode;
};

const COLUMNS: Column[] = [
  {
    key: 'name',
    label: 'project',
    sort: 'name',
    render: (p) => (
      <Link to={`/project/${encodeURIComponent(p.id)}`} className="font-medium hover:underline">
        {p.name}
        {p.symbol && <span className="muted ml-1 text-xs uppercase">{p.symbol}</span>}
      </Link>
    ),
  },
  { key: 'sector', label: 'sector', render: (p, sectorLabel) => sectorLabel(p.category) },
  {
    key: 'heat',
    label: 'heat',
    sort: 'heat',
    numeric: true,
    render: (p) => <Figure value={p.heatScore} format={formatScore} reason="notScored" />,
  },
  {
    key: 'social',
    label: 'social',
    sort: 'social',
    numeric: true,
    // A project whose social profile was never read reads "no data" in words (the score is not estimated).
    render: (p) => <SocialFigure value={p.socialScore} />,
  },
  {
    key: 'price',
    label: 'price',
    sort: 'price',
    numeric: true,
    // Price, market cap and volume come from one market source: the price carries its marker too.
    render: (p) => <MarketFigure project={p} value={p.price} />,
  },
  {
    key: 'mcap',
    label: 'marketCap',
    sort: 'market_cap',
    numeric: true,
    render: (p) => <MarketFigure project={p} value={p.marketCap} />,
  },
  {
    key: 'volume',
    label: 'volume',
    sort: 'volume',
    numeric: true,
    render: (p) => <MarketFigure project={p} value={p.volume24h} />,
  },
  {
    key: 'change',
    label: 'change24h',
    sort: 'change_24h',
    numeric: true,
    render: (p) => <ChangeText value={p.priceChange24h} reason={marketGap(p)} />,
  },
  {
    key: 'listed',
    label: 'listed',
    sort: 'listed',
    numeric: true,
    render: (p) => (p.listedAt ? formatDate(p.listedAt) : <NoValue reason={marketGap(p)} />),
  },
];

function SocialFigure({ value }: { value: number | null }) {
  const { t } = useTranslation('app');
  if (value !== null) return <span>{formatScore(value)}</span>;
  return (
    <span
      className="muted font-sans text-xs whitespace-nowrap"
      title={t('score.socialNoDataTitle')}
      data-empty-value="noSocial"
    >
      {t('score.noData')}
    </span>
  );
}

/** The value a sort orders by, per sort key: a row whose value is null sits after every row that has one. */
export const SORT_VALUES: Record<ProjectSort, (p: ProjectListItem) => string | number | null> = {
  heat: (p) => p.heatScore,
  social: (p) => p.socialScore,
  market_cap: (p) => p.marketCap,
  volume: (p) => p.volume24h,
  change_24h: (p) => p.priceChange24h,
  listed: (p) => p.listedAt,
  name: (p) => p.name,
  price: (p) => p.price,
  followers: (p) => p.followersTwitter,
};

type ProjectDataTableProps = {
  items: readonly ProjectListItem[];
  offset: number;
  sort: SortState;
  onSortChange: (sort: ProjectSort) => void;
  caption: string;
  twitterLabel: string;
  /** Display name of a sector in the UI language (the stored category is English). */
  sectorLabel: (category: string) => string;
};

/** A dense, every-column table (the /data-tool home layout); scrolls sideways on small screens. */
export function ProjectDataTable(props: ProjectDataTableProps) {
  const { items, offset, sort, onSortChange, caption, twitterLabel, sectorLabel } = props;
  const { t } = useTranslation('directory');
  const header = (column: { key: string; label: string; sort?: ProjectSort; numeric?: boolean }) => {
    const active = column.sort && sort.sort === column.sort;
    return (
      <th
        key={column.key}
        scope="col"
        aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
        className={`px-2 py-2 font-medium whitespace-nowrap ${column.numeric ? 'text-right' : 'text-left'}`}
      >
        {column.sort ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 hover:text-brand-700 dark:hover:text-brand-400"
            title={t('table.sortBy', { column: column.label })}
            onClick={() => column.sort && onSortChange(column.sort)}
          >
            {column.label}
            {active && (sort.order === 'asc' ? <ArrowUpIcon size={12} /> : <ArrowDownIcon size={12} />)}
          </button>
        ) : (
          column.label
        )}
      </th>
    );
  };
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[60rem] text-xs sm:text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              {t('table.rank')}
            </th>
            {COLUMNS.map((column) =>
              header({
                key: column.key,
                label: t(`table.${column.label}`),
                sort: column.sort,
                numeric: column.numeric,
              }),
            )}
            {header({ key: 'followers', label: twitterLabel, sort: 'followers', numeric: true })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 font-mono dark:divide-gray-800">
          {items.map((project, index) => (
            <tr
              key={project.id}
              className="odd:bg-white even:bg-gray-50/60 dark:odd:bg-gray-900 dark:even:bg-gray-900/40"
            >
              <td className="muted px-2 py-1.5 tabular-nums">{offset + index + 1}</td>
              {COLUMNS.map((column) => (
                <td
                  key={column.key}
                  className={`px-2 py-1.5 whitespace-nowrap ${column.numeric ? 'text-right tabular-nums' : 'font-sans'}`}
                >
                  {column.render(project, sectorLabel)}
                </td>
              ))}
              <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">
                <Figure value={project.followersTwitter} format={formatCompact} />
                <MetricSource source={project.followersSource} hasValue={project.followersTwitter !== null} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
