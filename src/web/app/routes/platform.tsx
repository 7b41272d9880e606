import { useParams } from 'react-router';
import { DetailListSection, DetailPage } from '../../components/detail-page.tsx';
import { usePlatform } from '../../features/platforms/api.ts';
import { PlatformHeader } from '../../features/platforms/components/platform-header.tsx';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { QueryError } from '../query-error.tsx';

const PAGE_SIZE = 20;

export function PlatformPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['platforms', 'app']);
  const sectorLabel = useSectorLabel();
  const [page, setPage] = usePageParam();
  const platform = usePlatform(id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <DetailPage
      query={platform}
      back={{ to: '/platforms', label: t('platforms:detail.back') }}
      headerSkeletonClassName="h-40"
      listSkeleton={<ProjectListSkeleton label={t('app:loading.title')} />}
      notFoundTitle={t('platforms:detail.notFound', { id })}
      queryError={<QueryError query={platform} params={{ id }} />}
    >
      {({ platform: info, projects }) => (
        <>
          <PlatformHeader platform={info} />
          <DetailListSection
            id="platform-projects"
            title={t('platforms:detail.projectsTitle')}
            countText={t('platforms:detail.projectCount', { count: formatInteger(projects.total) })}
            emptyTitle={t('platforms:detail.empty')}
            isEmpty={projects.items.length === 0}
            paging={{ page, total: projects.total, pageSize: PAGE_SIZE }}
          >
            <ProjectList
              data={projects}
              caption={t('platforms:detail.projectsTitle')}
              sectorLabel={sectorLabel}
              page={page}
              onPageChange={setPage}
              stale={platform.isPlaceholderData}
            />
          </DetailListSection>
        </>
      )}
    </DetailPage>
  );
}
