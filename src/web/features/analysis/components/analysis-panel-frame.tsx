import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProjectAnalysisResponse, SectorAnalysisResponse } from '../../../../shared/api/analysis.schema.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { PendingBlock } from '../../../components/ui/pending-block.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type AiModel, hasModel } from '../model-wording.ts';
import { AnalysisHeader } from './analysis-header.tsx';
import { AnalysisSummary } from './analysis-summary.tsx';

type PanelAnalysis = ProjectAnalysisResponse | SectorAnalysisResponse;

type Props<A extends PanelAnalysis> = {
  title: string;
  analysis: UseQueryResult<A, Error>;
  /** The notice shown instead of the full panel when the server withheld it (the page composes the membership lock). */
  locked: ReactNode;
  /** The premium part, rendered only when the server sent `full`. */
  renderFull: (analysis: A, full: NonNullable<A['full']>) => ReactNode;
  aiModel?: AiModel;
};

/**
 * What a project's and a sector's "AI analysis" panels share: the header, loading and error states, the summary every
 * level sees, then the full analysis for premium or the lock for the others.
 */
export function AnalysisPanelFrame<A extends PanelAnalysis>({
  title,
  analysis,
  locked,
  renderFull,
  aiModel,
}: Props<A>) {
  const { t } = useTranslation('analysis');
  return (
    <section aria-labelledby="analysis-title" className="card space-y-4 p-5" data-slot="analysis-panel">
      <AnalysisHeader id="analysis-title" title={title} dataVersion={analysis.data?.dataVersion} />
      {analysis.isPending ? (
        <PendingBlock paused={analysis.fetchStatus === 'paused'} className="h-40 w-full" />
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
            renderFull(analysis.data, analysis.data.full as NonNullable<A['full']>)
          ) : (
            <div className="space-y-2" data-analysis-locked="">
              <p className="text-sm">{hasModel(aiModel) ? t('panel.lockedText') : t('panel.lockedTextNoModel')}</p>
              {locked}
            </div>
          )}
        </>
      )}
    </section>
  );
}
