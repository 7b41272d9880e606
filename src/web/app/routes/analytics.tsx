import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { MarketAnalysisView } from '../../features/analysis/index.ts';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';

/** /analytics (spec nav label "analytics"): market-wide movers, sector rotation, anomalies and the market brief. */
export function AnalyticsPage() {
  const { t } = useTranslation('analysis');
  const sectorLabel = useSectorLabel();
  return (
    <div className="space-y-6">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <MarketAnalysisView sectorLabel={sectorLabel} />
    </div>
  );
}
