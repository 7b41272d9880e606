import { Link, useParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LogoNote } from '../../features/fundamentals/components/funding-section.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonOf } from '../../features/membership/lock-reason.ts';
import { useProject } from '../../features/projects/api.ts';
import { ProjectAbout } from '../../features/projects/components/project-about.tsx';
import { ProjectFundamentals } from '../../features/projects/components/project-fundamentals.tsx';
import { ProjectHeader } from '../../features/projects/components/project-header.tsx';
import { ProjectMetrics } from '../../features/projects/components/project-metrics.tsx';
import { ProjectScores } from '../../features/projects/components/project-scores.tsx';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { SocialSummarySection } from '../../features/social/components/social-summary.tsx';
import { useShareVisit } from '../../features/tasks/hooks/use-share-visit.ts';
import { WatchButton } from '../../features/watchlists/components/watch-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertSlot } from '../alert-slot.tsx';
import { ProjectAnalysisSlot } from '../analysis-slot.tsx';
import { CorrectionSlot } from '../correction-slot.tsx';
import { ExportLink } from '../export-link.tsx';
import { ProjectHeatSlot } from '../heat-slot.tsx';
import { FundingSlot, SourceHistorySlot } from '../premium-data-slot.tsx';
import { QueryError } from '../query-error.tsx';
import { TeamNotesSlot } from '../team-notes-slot.tsx';
import { CompareLink, ProjectTrendSlot } from '../trend-slot.tsx';

export function ProjectPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['project', 'app', 'watchlists']);
  const project = useProject(id);
  const sectorLabel = useSectorLabel();
  useShareVisit(); // a link someone shared: tell the server it was opened
  const notFound = project.error instanceof ApiError && project.error.status === 404;
  // Loaded, ProjectHeader titles the tab with the project's name; until then (or without one) the state does.
  useDocumentTitle(
    project.isPending ? t('app:loading.title') : notFound ? t('project:notFound.title') : t('app:data.loadFailed'),
    { enabled: !project.isSuccess },
  );

  if (project.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-4">
        <span className="sr-only">{t('app:loading.title')}</span>
        <Skeleton className="h-36 w-full" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-48 lg:col-span-1" />
          <Skeleton className="h-48 lg:col-span-2" />
        </div>
      </div>
    );
  }

  if (project.isError) {
    return notFound ? (
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-bold">{t('project:notFound.title')}</h1>
        <p className="muted mt-3">{t('project:notFound.text', { id })}</p>
        <Link to="/directory" className="btn-primary mt-6">
          {t('project:notFound.back')}
        </Link>
      </div>
    ) : (
      <QueryError query={project} params={{ id }} />
    );
  }

  const data = project.data;
  return (
    <div className="space-y-6">
      {/* The buttons' line is reserved (they depend on the session and arrive late): nothing below moves when they do. */}
      <div className="flex min-h-[38px] flex-col items-start justify-between gap-2 sm:flex-row sm:items-center">
        <nav aria-label={t('project:breadcrumbNav')} className="min-w-0 text-sm">
          <ol className="flex items-center gap-2">
            <li>
              <Link to="/directory" className="link">
                {t('project:breadcrumb')}
              </Link>
            </li>
            <li aria-hidden="true" className="muted">
              /
            </li>
            <li aria-current="page" className="muted truncate">
              {data.name}
            </li>
          </ol>
        </nav>
        <div className="flex min-h-[38px] flex-wrap items-center gap-2">
          <AlertSlot targetType="project" targetId={data.id} targetName={data.name} />
          <CompareLink projectId={data.id} />
          <ExportLink kind="project_history" params={{ projectId: data.id }} />
        </div>
      </div>
      <ProjectHeader project={data} logoNote={<LogoNote projectId={data.id} />} />
      <WatchButton
        projectId={data.id}
        renderRefusal={(error) => {
          const reason = lockReasonOf(error);
          return reason ? (
            <LockedFeature reason={reason} title={t('watchlists:button.locked')} />
          ) : (
            <p role="alert">{error.message}</p>
          );
        }}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-1">
          <ProjectScores project={data} />
          <ProjectAbout project={data} sectorLabel={sectorLabel} />
          <ProjectFundamentals project={data} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProjectAnalysisSlot projectId={data.id} />
          <ProjectHeatSlot projectId={data.id} sectorLabel={sectorLabel} />
          <ProjectTrendSlot projectId={data.id} />
          <ProjectMetrics project={data} />
          <SocialSummarySection projectId={data.id} />
          <FundingSlot projectId={data.id} />
          <SourceHistorySlot projectId={data.id} />
        </div>
      </div>
      <TeamNotesSlot projectId={data.id} />
      <CorrectionSlot project={data} />
    </div>
  );
}
