import { Link } from 'react-router';
import { SampleNote } from '../../components/metric-source.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useProjects } from '../../features/projects/api.ts';
import { ProjectDataTable, SORT_VALUES } from '../../features/projects/components/project-data-table.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { toListParams, useDirectoryParams } from '../../features/projects/hooks/use-directory-params.ts';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { DataStateNotice } from '../../features/system/components/data-state-notice.tsx';
import { usePaginationLabels } from '../../lib/use-pagination-labels.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { HomeVariantNav } from '../home/home-variant-nav.tsx';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 50;

/** /data-tool: the raw-numbers layout; sort and page live in the URL like the directory's. */
export function DataToolHomePage() {
  const { t } = useTranslation(['home', 'app', 'directory', 'project']);
  const { filters, toggleSort, setPage } = useDirectoryParams();
  const projects = useProjects(toListParams(filters, PAGE_SIZE));
  // Empty values sort last, so the column is empty for every row exactly when the first row of page 1 has none.
  const head = useProjects({ ...toListParams(filters, 1), offset: 0 }, { enabled: filters.page > 1 });
  const first = filters.page > 1 ? head : projects;
  const firstRow = first.isPlaceholderData ? undefined : first.data?.items[0];
  const sortsNothing = firstRow !== undefined && SORT_VALUES[filters.sort](firstRow) === null;
  const pageCount = Math.max(1, Math.ceil((projects.data?.total ?? 0) / PAGE_SIZE));
  const paginationLabels = usePaginationLabels(filters.page, pageCount);
  const sectorLabel = useSectorLabel();

  return (
    <div className="space-y-6">
      <HomeVariantNav />
      <PageHeader
        title={t('home:variants.dataTool.title')}
        subtitle={t('home:variants.dataTool.subtitle')}
        aside={
          <Link to="/directory" className="link text-sm">
            {t('home:variants.dataTool.open')}
          </Link>
        }
      />
      <DataStateNotice />
      {projects.isPending ? (
        <ProjectListSkeleton rows={15} label={t('app:loading.title')} />
      ) : projects.isError ? (
        <QueryError query={projects} />
      ) : (
        <div className={`space-y-3 ${projects.isPlaceholderData ? 'opacity-60' : ''}`}>
          {sortsNothing && (
            <p
              role="status"
              className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {t('home:variants.dataTool.emptySort', {
                column: t(`directory:sort.${filters.sort}`),
              })}
            </p>
          )}
          <SampleNote sources={projects.data.items.flatMap((p) => [p.marketSource, p.followersSource])} />
          <ProjectDataTable
            items={projects.data.items}
            offset={projects.data.offset}
            sort={filters}
            onSortChange={toggleSort}
            caption={t('home:variants.dataTool.title')}
            twitterLabel={t('project:metrics.followersTwitter')}
            sectorLabel={sectorLabel}
          />
          <Pagination page={filters.page} pageCount={pageCount} onPageChange={setPage} labels={paginationLabels} />
        </div>
      )}
    </div>
  );
}
