import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectAnalysisResponse } from '../../../../shared/api/analysis.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { dataVersionTime } from '../analysis-view.ts';
import { useProjectAnalysis } from '../api.ts';
import { AnalysisHeader } from './analysis-header.tsx';
import { AnalysisSection } from './analysis-section.tsx';
import { AnalysisSummary } from './analysis-summary.tsx';
import { AnomalyList } from './anomaly-list.tsx';
import { BriefView } from './brief-view.tsx';
import { SourceLine } from './fact-source.tsx';
import { MoverDetail } from './mover-detail.tsx';
import { RiskFlagList } from './risk-flag-list.tsx';
import { SimilarList } from './similar-list.tsx';

type Props = {
  projectId: string;
  /** The notice shown instead of the full panel when the server withheld it (the page composes the membership lock). */
  locked: ReactNode;
  sectorLabel?: (name: string) => string;
};

/**
 * The project page's "AI analysis": the summary for every level; for premium and up the brief (streamed, its numbers
 * linked to the breakdown rows), movers with their drivers, anomalies, risk flags and similar projects. The premium
 * brief is requested only when the server sent the full analysis.
 */
export function ProjectAnalysisPanel({ projectId, locked, sectorLabel }: Props) {
  const { t } = useTranslation('analysis');
  const analysis = useProjectAnalysis(projectId);
  return (
    <section aria-labelledby="analysis-title" className="card space-y-4 p-5" data-slot="analysis-panel">
      <AnalysisHeader id="analysis-title" title={t('panel.title')} dataVersion={analysis.data?.dataVersion} />
      {analysis.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : analysis.isError ? (
        <ErrorPanel
          title={t('panel.loadError')}
          message={analysis.error.message}
          retryLabel={t('panel.retry')}
          onRetry={() => void analysis.refetch()}
        />
      ) : (
        <>
          <AnalysisSummary
            summary={analysis.data.summary}
            facts={analysis.data.facts}
            dataVersion={analysis.data.dataVersion}
          />
          {analysis.data.full ? (
            <FullAnalysis
              projectId={projectId}
              analysis={analysis.data}
              full={analysis.data.full}
              sectorLabel={sectorLabel}
            />
          ) : (
            <div className="space-y-2" data-analysis-locked="">
              <p className="text-sm">{t('panel.lockedText')}</p>
              {locked}
            </div>
          )}
        </>
      )}
    </section>
  );
}

function FullAnalysis({
  projectId,
  analysis,
  full,
  sectorLabel,
}: {
  projectId: string;
  analysis: ProjectAnalysisResponse;
  full: NonNullable<ProjectAnalysisResponse['full']>;
  sectorLabel?: (name: string) => string;
}) {
  const { t } = useTranslation('analysis');
  return (
    <>
      <AnalysisSection id="analysis-brief" title={t('brief.title')}>
        <BriefView target={{ kind: 'project', id: projectId }} />
      </AnalysisSection>
      <AnalysisSection id="analysis-movers" title={t('movers.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['day', 'week'] as const).map((window) => (
            <div key={window} className="min-w-0">
              <h4 className="muted text-xs font-medium">{t(`movers.${window}`)}</h4>
              {full.movers[window] ? (
                <MoverDetail mover={full.movers[window]} />
              ) : (
                <p className="muted text-sm">{t('movers.none')}</p>
              )}
            </div>
          ))}
        </div>
        <SourceLine source="heatrank" asOf={dataVersionTime(analysis.dataVersion)} />
      </AnalysisSection>
      <div className="grid gap-4 sm:grid-cols-2">
        <AnalysisSection id="analysis-anomalies" title={t('anomalies.title')}>
          <AnomalyList anomalies={full.anomalies} facts={analysis.facts} />
        </AnalysisSection>
        <AnalysisSection id="analysis-risks" title={t('risk.title')}>
          <RiskFlagList flags={full.riskFlags} facts={analysis.facts} />
        </AnalysisSection>
      </div>
      <AnalysisSection id="analysis-similar" title={t('similar.title')}>
        <SimilarList items={full.similar} sectorLabel={sectorLabel} />
        {full.similar.length > 0 && <SourceLine source="heatrank" asOf={dataVersionTime(analysis.dataVersion)} />}
      </AnalysisSection>
    </>
  );
}
