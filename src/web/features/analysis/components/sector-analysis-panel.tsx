import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime } from '../analysis-view.ts';
import { useSectorAnalysis } from '../api.ts';
import { type AiModel, hasModel } from '../model-wording.ts';
import { AnalysisPanelFrame } from './analysis-panel-frame.tsx';
import { AnalysisSection } from './analysis-section.tsx';
import { AnomalyList } from './anomaly-list.tsx';
import { BriefView } from './brief-view.tsx';
import { SourceLine } from './fact-source.tsx';
import { MoverDetail } from './mover-detail.tsx';
import { RiskFlagList } from './risk-flag-list.tsx';

/**
 * The sector page's "AI analysis": the summary (with the sector's share of total heat) for every level; for premium
 * the sector brief, its projects' biggest moves, anomalies and risk flags, each naming its project.
 */
export function SectorAnalysisPanel({
  sectorId,
  locked,
  aiModel,
}: {
  sectorId: string;
  locked: ReactNode;
  aiModel?: AiModel;
}) {
  const { t } = useTranslation('analysis');
  return (
    <AnalysisPanelFrame
      title={hasModel(aiModel) ? t('panel.sectorTitle') : t('panel.sectorTitleNoModel')}
      analysis={useSectorAnalysis(sectorId)}
      aiModel={aiModel}
      locked={locked}
      renderFull={(analysis, full) => (
        <>
          <AnalysisSection id="analysis-brief" title={hasModel(aiModel) ? t('brief.title') : t('brief.titleNoModel')}>
            <BriefView target={{ kind: 'sector', id: sectorId }} />
          </AnalysisSection>
          <AnalysisSection id="analysis-movers" title={t('movers.title')}>
            {full.movers.length === 0 ? (
              <p className="muted text-sm">{t('movers.none')}</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {full.movers.map((mover) => (
                  <li key={`${mover.projectId}-${mover.window}`}>
                    <p className="muted text-xs font-medium">{t(`movers.${mover.window}`)}</p>
                    <MoverDetail mover={mover} showName />
                  </li>
                ))}
              </ul>
            )}
            <SourceLine source="heatrank" asOf={dataVersionTime(analysis.dataVersion)} />
          </AnalysisSection>
          <div className="grid gap-4 sm:grid-cols-2">
            <AnalysisSection id="analysis-anomalies" title={t('anomalies.title')}>
              <AnomalyList anomalies={full.anomalies} facts={analysis.facts} showName />
            </AnalysisSection>
            <AnalysisSection id="analysis-risks" title={t('risk.title')}>
              <RiskFlagList flags={full.riskFlags} facts={analysis.facts} />
            </AnalysisSection>
          </div>
        </>
      )}
    />
  );
}
