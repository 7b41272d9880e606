import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePlatform } from '../../features/platforms/api.ts';
import { PlatformHeader } from '../../features/platforms/components/platform-header.tsx';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 20;

export function PlatformPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['platforms', 'app']);
  const sectorLabel = useSectorLabel();
  const [page, setPage] = usePageParam();
  const platform = usePlatform(id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  const back = (
    <Link to="/platforms" className="link text-sm">
      ← {t('platforms:detail.back')}
    </Link>
  );

  if (platform.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <Skeleton className="h-40 w-full" />
        <ProjectListSkeleton label={t('app:loading.title')} />
      </div>
    );
  }
  if (platform.isError) {
    const notFound = platform.error instanceof ApiError && platform.error.status === 404;
    return (
      <div className="space-y-6">
        {back}
        {notFound ? (
          <EmptyState title={t('platforms:detail.notFound', { id })} />
        ) : (
          <QueryError query={platform} params={{ id }} />
        )}
      </div>
    );
  }

  const { platform: info, projects } = platform.data;
  return (
    <div className="space-y-6">
      {back}
      <PlatformHeader platform={info} />
      <section aria-labelledby="platform-projects" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="platform-projects" className="text-lg font-semibold">
            {t('platforms:detail.projectsTitle')}
          </h2>
          <span className="muted text-sm">
            {t('platforms:detail.projectCount', { count: formatInteger(projects.total) })}
          </span>
        </div>
        {projects.items.length === 0 ? (
          <EmptyState title={t('platforms:detail.empty')} />
        ) : (
          <ProjectList
            data={projects}
            caption={t('platforms:detail.projectsTitle')}
            sectorLabel={sectorLabel}
            page={page}
            onPageChange={setPage}
            stale={platform.isPlaceholderData}
          />
        )}
      </section>
    </div>
  );
}
