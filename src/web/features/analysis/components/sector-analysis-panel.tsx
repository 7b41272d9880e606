import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { dataVersionTime } from '../analysis-view.ts';
import { useSectorAnalysis } from '../api.ts';
import { AnalysisHeader } from './analysis-header.tsx';
import { AnalysisSection } from './analysis-section.tsx';
import { AnalysisSummary } from './analysis-summary.tsx';
import { AnomalyList } from './anomaly-list.tsx';
import { BriefView } from './brief-view.tsx';
import { SourceLine } from './fact-source.tsx';
import { MoverDetail } from './mover-detail.tsx';
import { RiskFlagList } from './risk-flag-list.tsx';

/**
 * The sector page's "AI analysis": the summary (with the sector's share of total heat) for every level; for premium
 * the sector brief, its projects' biggest moves, anomalies and risk flags, each naming its project.
 */
export function SectorAnalysisPanel({ sectorId, locked }: { sectorId: string; locked: ReactNode }) {
  const { t } = useTranslation('analysis');
  const analysis = useSectorAnalysis(sectorId);
  return (
    <section aria-labelledby="analysis-title" className="card space-y-4 p-5" data-slot="analysis-panel">
      <AnalysisHeader id="analysis-title" title={t('panel.sectorTitle')} dataVersion={analysis.data?.dataVersion} />
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
            <>
              <AnalysisSection id="analysis-brief" title={t('brief.title')}>
                <BriefView target={{ kind: 'sector', id: sectorId }} />
              </AnalysisSection>
              <AnalysisSection id="analysis-movers" title={t('movers.title')}>
                {analysis.data.full.movers.length === 0 ? (
                  <p className="muted text-sm">{t('movers.none')}</p>
                ) : (
                  <ul className="grid gap-3 sm:grid-cols-2">
                    {analysis.data.full.movers.map((mover) => (
                      <li key={`${mover.projectId}-${mover.window}`}>
                        <p className="muted text-xs font-medium">{t(`movers.${mover.window}`)}</p>
                        <MoverDetail mover={mover} showName />
                      </li>
                    ))}
                  </ul>
                )}
                <SourceLine source="heatrank" asOf={dataVersionTime(analysis.data.dataVersion)} />
              </AnalysisSection>
              <div className="grid gap-4 sm:grid-cols-2">
                <AnalysisSection id="analysis-anomalies" title={t('anomalies.title')}>
                  <AnomalyList anomalies={analysis.data.full.anomalies} facts={analysis.data.facts} showName />
                </AnalysisSection>
                <AnalysisSection id="analysis-risks" title={t('risk.title')}>
                  <RiskFlagList flags={analysis.data.full.riskFlags} facts={analysis.data.facts} />
                </AnalysisSection>
              </div>
            </>
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
