import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { PendingBlock } from '../../../components/ui/pending-block.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime, topAnomalies } from '../analysis-view.ts';
import { useMarketAnalysis } from '../api.ts';
import { AnomalyList } from './anomaly-list.tsx';
import { SourceLine } from './fact-source.tsx';

const TOP = 5;

/** The five market-wide anomalies furthest from their own 30-day mean, with a link to /analytics. */
export function TopAnomalies() {
  const { t } = useTranslation('analysis');
  const market = useMarketAnalysis();
  return (
    <section aria-labelledby="top-anomalies-title" className="card min-w-0 space-y-3 p-5" data-slot="top-anomalies">
      <header className="flex items-baseline justify-between gap-4">
        <div>
          <h2 id="top-anomalies-title" className="text-lg font-semibold">
            {t('anomalies.topTitle')}
          </h2>
          <p className="muted text-sm">{t('anomalies.topSubtitle')}</p>
        </div>
        <Link to="/analytics" className="link shrink-0 text-sm">
          {t('anomalies.viewAll')}
        </Link>
      </header>
      {market.isPending ? (
        <PendingBlock paused={market.fetchStatus === 'paused'} className="h-32 w-full" />
      ) : market.isError ? (
        <ErrorPanel
          title={t('panel.loadError')}
          message={market.error.message}
          retryLabel={t('panel.retry')}
          onRetry={() => void market.refetch()}
        />
      ) : (
        <>
          <AnomalyList anomalies={topAnomalies(market.data.anomalies, TOP)} facts={market.data.facts} showName />
          {/* Each anomaly names its own source; with none, the line says what was searched, as of when. */}
          {market.data.anomalies.length === 0 && (
            <SourceLine source="heatrank" asOf={dataVersionTime(market.data.dataVersion)} />
          )}
        </>
      )}
    </section>
  );
}
