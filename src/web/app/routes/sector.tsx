import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSector } from '../../features/sectors/api.ts';
import { SectorHeader } from '../../features/sectors/components/sector-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { SectorHeatSlot } from '../heat-slot.tsx';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 20;

export function SectorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['sectors', 'app']);
  const [page, setPage] = usePageParam();
  const sector = useSector(id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  const back = (
    <Link to="/sectors" className="link text-sm">
      ← {t('sectors:detail.back')}
    </Link>
  );

  if (sector.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <Skeleton className="h-48 w-full" />
        <ProjectListSkeleton label={t('app:loading.title')} />
      </div>
    );
  }
  if (sector.isError) {
    const notFound = sector.error instanceof ApiError && sector.error.status === 404;
    return (
      <div className="space-y-6">
        {back}
        {notFound ? (
          <EmptyState title={t('sectors:detail.notFound', { id })} />
        ) : (
          <QueryError query={sector} params={{ id }} />
        )}
      </div>
    );
  }

  const { sector: info, projects } = sector.data;
  return (
    <div className="space-y-6">
      {back}
      <SectorHeader sector={info} />
      <SectorHeatSlot sectorId={info.id} title={t('sectors:detail.historyTitle')} />
      <section aria-labelledby="sector-projects" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="sector-projects" className="text-lg font-semibold">
            {t('sectors:detail.projectsTitle')}
          </h2>
          <span className="muted text-sm">
            {t('sectors:detail.projectCount', { count: formatInteger(projects.total) })}
          </span>
        </div>
        {projects.items.length === 0 ? (
          <EmptyState title={t('sectors:detail.empty')} />
        ) : (
          <ProjectList
            data={projects}
            caption={t('sectors:detail.projectsTitle')}
            page={page}
            onPageChange={setPage}
            stale={sector.isPlaceholderData}
          />
        )}
      </section>
    </div>
  );
}
