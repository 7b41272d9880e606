import type { ReactNode } from 'react';
import type { ProjectListResponse, ProjectSort } from '../../../../shared/api/projects.schema.ts';
import { SampleNote } from '../../../components/metric-source.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { usePaginationLabels } from '../../../lib/use-pagination-labels.ts';
import { ProjectCards } from './project-cards.tsx';
import { ProjectTable, type RowSelection, type SortState } from './project-table.tsx';

export type DirectoryLayout = NonNullable<Parameters<typeof ProjectTable>[0]['directory']>;

type ProjectListProps = {
  /** One page from the API ({items, total, limit, offset}). */
  data: ProjectListResponse;
  caption: string;
  /** Display name of a sector in the UI language (required: a stored category is English). */
  sectorLabel: (category: string) => string;
  sort?: SortState;
  onSortChange?: (sort: ProjectSort) => void;
  /** 1-based; pagination is shown when given with onPageChange and there is more than one page. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** True while a new page replaces this one (the old rows stay, dimmed). */
  stale?: boolean;
  /** Show the 7-day change ("momentum") column in the table and on the cards. */
  momentum?: boolean;
  /** Row checkboxes in the table (the directory's "compare selected"). */
  selection?: RowSelection;
  /** The directory's layout (ProjectTable): table at every width, 7 d change, heat lines, stars, sticky header. */
  directory?: DirectoryLayout;
  /** Beside the pagination (the directory's page-size choice). */
  pageSizeControl?: ReactNode;
};

/** A page of projects: the ranking table from md up, cards below it, and previous/next under both. */
export function ProjectList(props: ProjectListProps) {
  const {
    data,
    caption,
    sectorLabel,
    sort,
    onSortChange,
    page = 1,
    onPageChange,
    stale = false,
    momentum,
    selection,
    directory,
    pageSizeControl,
  } = props;
  const pageCount = Math.max(1, Math.ceil(data.total / data.limit));
  const labels = usePaginationLabels(page, pageCount);
  return (
    <div aria-busy={stale} className={stale ? 'opacity-60' : ''}>
      <SampleNote sources={data.items.map((item) => item.marketSource)} className="mb-2" />
      <ProjectTable
        items={data.items}
        offset={data.offset}
        sort={sort}
        onSortChange={onSortChange}
        sectorLabel={sectorLabel}
        caption={caption}
        momentum={momentum}
        selection={selection}
        directory={directory}
      />
      {!directory && (
        <ProjectCards items={data.items} offset={data.offset} sectorLabel={sectorLabel} momentum={momentum} />
      )}
      {(onPageChange || pageSizeControl) && (
        <div className="flex flex-col gap-x-4 sm:flex-row sm:items-center sm:justify-between">
          {onPageChange && (
            <div className="min-w-0 flex-1">
              <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} labels={labels} />
            </div>
          )}
          {pageSizeControl}
        </div>
      )}
    </div>
  );
}
