import { PageHeader } from '../../components/ui/page-header.tsx';
import { MarketAnalysisView } from '../../features/analysis/index.ts';
import { useSectorLabel } from '../../features/sectors/hooks/use-sector-names.ts';
import { useSite } from '../../features/site/api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** /analytics (spec nav label "analytics"): market-wide movers, sector rotation, anomalies and the market brief. */
export function AnalyticsPage() {
  const { t } = useTranslation('analysis');
  const sectorLabel = useSectorLabel();
  // Model-written text is promised only where a model is configured (the footer's fact).
  const aiModel = useSite().data?.aiModel;
  const subtitle = aiModel ? t('page.subtitleModel', { model: aiModel }) : t('page.subtitle');
  return (
    <div className="space-y-6">
      <PageHeader title={t('page.title')} subtitle={subtitle} />
      <MarketAnalysisView sectorLabel={sectorLabel} aiModel={aiModel} />
    </div>
  );
}
