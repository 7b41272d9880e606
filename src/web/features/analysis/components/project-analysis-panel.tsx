import type { ReactNode } from 'react';
import type { ProjectAnalysisResponse } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime } from '../analysis-view.ts';
import { useProjectAnalysis } from '../api.ts';
import { type AiModel, hasModel } from '../model-wording.ts';
import { AnalysisPanelFrame } from './analysis-panel-frame.tsx';
import { AnalysisSection } from './analysis-section.tsx';
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
  /** "AI" only in the titles of an instance with a model configured. */
  aiModel?: AiModel;
};

/**
 * The project page's "AI analysis": the summary for every level; for premium and up the brief (streamed, its numbers
 * linked to the breakdown rows), movers with their drivers, anomalies, risk flags and similar projects. The premium
 * brief is requested only when the server sent the full analysis.
 */
export function ProjectAnalysisPanel({ projectId, locked, sectorLabel, aiModel }: Props) {
  const { t } = useTranslation('analysis');
  return (
    <AnalysisPanelFrame
      title={hasModel(aiModel) ? t('panel.title') : t('panel.titleNoModel')}
      analysis={useProjectAnalysis(projectId)}
      aiModel={aiModel}
      locked={locked}
      renderFull={(analysis, full) => (
        <FullAnalysis
          projectId={projectId}
          analysis={analysis}
          full={full}
          sectorLabel={sectorLabel}
          aiModel={aiModel}
        />
      )}
    />
  );
}

function FullAnalysis({
  projectId,
  analysis,
  full,
  sectorLabel,
  aiModel,
}: {
  aiModel?: AiModel;
  projectId: string;
  analysis: ProjectAnalysisResponse;
  full: NonNullable<ProjectAnalysisResponse['full']>;
  sectorLabel?: (name: string) => string;
}) {
  const { t } = useTranslation('analysis');
  return (
    <>
      <AnalysisSection id="analysis-brief" title={hasModel(aiModel) ? t('brief.title') : t('brief.titleNoModel')}>
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
