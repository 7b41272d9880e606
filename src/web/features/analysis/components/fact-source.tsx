import type { AnalysisFact } from '../../../../shared/api/analysis.schema.ts';
import { useSourceName } from '../../../components/metric-source.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** A source key's display name: our own computations read "HeatRank computation", adapters by their name. */
export function useAnalysisSourceName(): (key: string) => string {
  const { t } = useTranslation('analysis');
  const sourceName = useSourceName();
  return (key) => (key === 'heatrank' ? t('source.heatrank') : sourceName(key));
}

/** "Source: CoinGecko · as of 24 Nov 2026 12:00" for a fact (a citation's title, a figure's line). */
export function useFactTitle(): (fact: Pick<AnalysisFact, 'source' | 'asOf'>) => string {
  const { t } = useTranslation('analysis');
  const sourceName = useAnalysisSourceName();
  return (fact) =>
    fact.asOf
      ? t('brief.citation', { source: sourceName(fact.source), date: formatDateTime(fact.asOf) })
      : t('brief.citationNoDate', { source: sourceName(fact.source) });
}

/** The line under a block of figures: where they come from and as of when. */
export function SourceLine({ source, asOf }: { source: string; asOf: string | null }) {
  const { t } = useTranslation('analysis');
  const sourceName = useAnalysisSourceName();
  return (
    <p className="muted mt-2 text-xs" data-analysis-source={source} data-as-of={asOf ?? ''}>
      {asOf
        ? t('source.line', { source: sourceName(source), date: formatDateTime(asOf) })
        : t('source.lineNoDate', { source: sourceName(source) })}
    </p>
  );
}

/** The label of a signal or breakdown component key ("mentions7d" → "Mentions (7 days)"); the key if none is known. */
export function useSignalLabel(): (key: string) => string {
  const { t } = useTranslation(['analysis', 'heat']);
  return (key) => {
    const part = key.startsWith('heat.') ? key.slice('heat.'.length) : key;
    return t(
      [
        `analysis:signals.${part}`,
        `heat:components.${part}`,
        `heat:categories.${part}`,
      ] as unknown as 'analysis:signals.heat',
      {
        defaultValue: part,
      },
    );
  };
}
