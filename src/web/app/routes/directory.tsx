import { useMemo } from 'react';
import { PastLastPage } from '../../components/past-last-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { usePlatforms } from '../../features/platforms/api.ts';
import { useProjects } from '../../features/projects/api.ts';
import { PageSizeSelect } from '../../features/projects/components/page-size-select.tsx';
import { ProjectFilters } from '../../features/projects/components/project-filters.tsx';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { toListParams, useDirectoryParams } from '../../features/projects/hooks/use-directory-params.ts';
import { useSectors } from '../../features/sectors/api.ts';
import { sectorDisplayName, useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { DataStateNotice } from '../../features/system/components/data-state-notice.tsx';
import { formatInteger } from '../../lib/format.ts';
import { showToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { CompareSelectedBar, useCompareSelection } from '../compare-selection.tsx';
import { ExportLink } from '../export-link.tsx';
import { BuiltInSample, isUnreachable, OfflineListNotice } from '../offline-data.tsx';
import { QueryError } from '../query-error.tsx';
import { useWatchStar } from '../watch-star-slot.tsx';

export function DirectoryPage() {
  const { t, i18n } = useTranslation(['directory', 'app', 'watchlists']);
  const { filters, setFilter, setSort, toggleSort, setPage, setPageSize, reset, hasFilters } = useDirectoryParams();
  const projects = useProjects(toListParams(filters));
  const sectors = useSectors();
  const chains = usePlatforms('chain');
  const sectorLabel = useSectorLabel();
  const compare = useCompareSelection();
  const renderStar = useWatchStar(t('watchlists:button.locked'));

  const sectorOptions = useMemo(
    () => (sectors.data?.items ?? []).map((s) => ({ value: s.name, label: sectorDisplayName(s, i18n.language) })),
    [sectors.data, i18n.language],
  );
  const chainOptions = useMemo(
    () => (chains.data?.items ?? []).map((p) => ({ value: p.name, label: p.name })),
    [chains.data],
  );

  const handleShare = () => {
    // navigator.clipboard is missing outside secure contexts (plain http on a LAN address): report, don't crash.
    (navigator.clipboard?.writeText(window.location.href) ?? Promise.reject(new Error('clipboard unavailable')))
      .then(() =>
        showToast({
          title: t('directory:filters.copied'),
          description: t('directory:filters.copiedText'),
          variant: 'success',
        }),
      )
      .catch(() =>
        showToast({ title: t('directory:filters.copyFailed'), description: window.location.href, variant: 'error' }),
      );
  };

  const data = projects.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('directory:title')}
        subtitle={t('directory:subtitle')}
        aside={
          <div className="flex items-center gap-3">
            {data && <p className="muted text-sm">{t('directory:total', { count: formatInteger(data.total) })}</p>}
            <ExportLink kind="directory" />
          </div>
        }
      />
      <ProjectFilters
        filters={filters}
        sectorOptions={sectorOptions}
        chainOptions={chainOptions}
        onFilterChange={setFilter}
        onSortChange={setSort}
        onReset={reset}
        onShare={handleShare}
        canReset={hasFilters}
      />
      <DataStateNotice />
      <OfflineListNotice query={projects} />
      {isUnreachable(projects) ? (
        <div className="space-y-3">
          {projects.isError && <QueryError query={projects} />}
          <BuiltInSample kind="projects" />
        </div>
      ) : projects.isPending ? (
        <ProjectListSkeleton label={t('app:loading.title')} />
      ) : projects.isError ? (
        <QueryError query={projects} />
      ) : projects.data.items.length === 0 && projects.data.total > 0 ? (
        <PastLastPage page={filters.page} pageCount={Math.ceil(projects.data.total / projects.data.limit)} />
      ) : projects.data.items.length === 0 ? (
        <EmptyState
          title={t('directory:empty.title')}
          description={t('directory:empty.text')}
          action={
            hasFilters && (
              <button type="button" className="btn-secondary" onClick={reset}>
                {t('directory:filters.reset')}
              </button>
            )
          }
        />
      ) : (
        <div className="space-y-2">
          <CompareSelectedBar selected={compare.selected} />
          <ProjectList
            selection={compare.selection}
            data={projects.data}
            caption={t('directory:table.caption')}
            sectorLabel={sectorLabel}
            sort={filters}
            onSortChange={toggleSort}
            page={filters.page}
            onPageChange={(page) => {
              setPage(page);
              window.scrollTo({ top: 0 });
            }}
            stale={projects.isPlaceholderData}
            directory={{ heat7d: projects.data.heat7d, trending: projects.data.trending, renderStar }}
            pageSizeControl={<PageSizeSelect value={filters.pageSize} onChange={setPageSize} />}
          />
        </div>
      )}
    </div>
  );
}
