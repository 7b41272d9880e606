import { useParams } from 'react-router';
import { DetailListSection, DetailPage } from '../../components/detail-page.tsx';
import { ProjectList } from '../../features/projects/components/project-list.tsx';
import { ProjectListSkeleton } from '../../features/projects/components/project-list-skeleton.tsx';
import { useSector } from '../../features/sectors/api.ts';
import { SectorHeader } from '../../features/sectors/components/sector-header.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { formatInteger } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertSlot } from '../alert-slot.tsx';
import { SectorAnalysisSlot } from '../analysis-slot.tsx';
import { ExportLink } from '../export-link.tsx';
import { SectorHeatSlot } from '../heat-slot.tsx';
import { QueryError } from '../query-error.tsx';
import { SectorTrendSlot } from '../trend-slot.tsx';

const PAGE_SIZE = 20;

export function SectorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['sectors', 'app']);
  const [page, setPage] = usePageParam();
  const sector = useSector(id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const sectorLabel = useSectorLabel();

  return (
    <DetailPage
      query={sector}
      back={{ to: '/sectors', label: t('sectors:detail.back') }}
      headerSkeletonClassName="h-48"
      listSkeleton={<ProjectListSkeleton label={t('app:loading.title')} />}
      notFoundTitle={t('sectors:detail.notFound', { id })}
      queryError={<QueryError query={sector} params={{ id }} />}
    >
      {({ sector: info, projects }) => (
        <>
          <SectorHeader sector={info} />
          <div className="flex justify-end">
            <ExportLink kind="sector" params={{ id: info.id }} />
          </div>
          <AlertSlot targetType="sector" targetId={info.id} targetName={sectorLabel(info.name)} />
          <SectorAnalysisSlot sectorId={info.id} />
          <SectorHeatSlot sectorId={info.id} title={t('sectors:detail.historyTitle')} />
          <SectorTrendSlot sectorId={info.id} />
          <DetailListSection
            id="sector-projects"
            title={t('sectors:detail.projectsTitle')}
            countText={t('sectors:detail.projectCount', { count: formatInteger(projects.total) })}
            emptyTitle={t('sectors:detail.empty')}
            isEmpty={projects.items.length === 0}
            paging={{ page, total: projects.total, pageSize: PAGE_SIZE }}
          >
            <ProjectList
              data={projects}
              caption={t('sectors:detail.projectsTitle')}
              sectorLabel={sectorLabel}
              page={page}
              onPageChange={setPage}
              stale={sector.isPlaceholderData}
            />
          </DetailListSection>
        </>
      )}
    </DetailPage>
  );
}
