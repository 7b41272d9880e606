import { useEffect } from 'react';
import { ANOMALY_MIN_POINTS } from '../../../../shared/analysis/constants.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime, topAnomalies } from '../analysis-view.ts';
import { useMarketAnalysis } from '../api.ts';
import type { AiModel } from '../model-wording.ts';
import { scrollToAnchor } from '../scroll-to-anchor.ts';
import { AnomalyList } from './anomaly-list.tsx';
import { SourceLine } from './fact-source.tsx';
import { HistoryNeed, hasHistory } from './history-need.tsx';
import { MarketBriefCard } from './market-brief-card.tsx';
import { MarketMovers } from './market-movers.tsx';
import { RotationBars } from './rotation-bars.tsx';

/** /analytics: the market brief, market-wide movers, sector rotation and every anomaly (largest first). */
export function MarketAnalysisView({
  sectorLabel,
  aiModel,
}: {
  sectorLabel?: (name: string) => string;
  aiModel?: AiModel;
}) {
  const { t } = useTranslation('analysis');
  const market = useMarketAnalysis();
  // A citation from the home page's brief lands here with its anchor: show it once the section has rendered.
  useEffect(() => {
    if (market.isSuccess && window.location.hash) scrollToAnchor(decodeURIComponent(window.location.hash.slice(1)));
  }, [market.isSuccess]);
  return (
    <div className="space-y-6">
      <MarketBriefCard aiModel={aiModel} />
      {market.isPending ? (
        <div role="status" aria-busy="true" className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : market.isError ? (
        <ErrorPanel
          title={t('panel.loadError')}
          message={market.error.message}
          retryLabel={t('panel.retry')}
          onRetry={() => void market.refetch()}
        />
      ) : (
        <>
          <MarketMovers analysis={market.data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RotationBars
              history={market.data.history}
              entries={market.data.rotation}
              asOf={dataVersionTime(market.data.dataVersion)}
              sectorLabel={sectorLabel}
            />
            <section
              aria-labelledby="analysis-anomalies"
              className="card min-w-0 space-y-3 p-5"
              data-slot="market-anomalies"
            >
              <h2 id="analysis-anomalies" className="text-lg font-semibold">
                {t('anomalies.title')}
              </h2>
              {market.data.anomalies.length === 0 && !hasHistory(market.data.history, ANOMALY_MIN_POINTS) ? (
                <HistoryNeed history={market.data.history} needed={ANOMALY_MIN_POINTS} />
              ) : (
                <AnomalyList
                  anomalies={topAnomalies(market.data.anomalies, market.data.anomalies.length)}
                  facts={market.data.facts}
                  showName
                />
              )}
              {market.data.anomalies.length === 0 && (
                <SourceLine source="heatrank" asOf={dataVersionTime(market.data.dataVersion)} />
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
