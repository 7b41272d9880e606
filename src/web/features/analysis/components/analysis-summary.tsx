import type { ReactNode } from 'react';
import type {
  AnalysisFact,
  ProjectAnalysisResponse,
  SectorAnalysisResponse,
} from '../../../../shared/api/analysis.schema.ts';
import { ChangeText } from '../../../components/ui/change-text.tsx';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatInteger, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime, formatFraction, formatSharePoints } from '../analysis-view.ts';
import { findFact } from '../brief-segments.ts';
import { SourceLine } from './fact-source.tsx';

type Summary = ProjectAnalysisResponse['summary'] &
  Partial<Pick<SectorAnalysisResponse['summary'], 'share' | 'shareChange7d'>>;

/**
 * What every level sees: heat, its 24 h / 7 d change, how many anomalies and risk flags, the top risk; for a sector
 * also its share of total heat. The line under it names the source and as-of of the heat these rest on.
 */
export function AnalysisSummary({
  summary,
  facts,
  dataVersion,
}: {
  summary: Summary;
  facts: readonly AnalysisFact[];
  dataVersion: string;
}) {
  const { t } = useTranslation('analysis');
  const heatFact = findFact(facts, 'heat.score');
  const unit = ` ${t('movers.unit')}`;
  return (
    <section aria-labelledby="analysis-summary-title" data-analysis-summary="">
      <h3 id="analysis-summary-title" className="sr-only">
        {t('summary.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('summary.heat')}>{summary.heat === null ? <NoValue /> : formatScore(summary.heat)}</Figure>
        <Figure label={t('summary.change24h')}>
          <ChangeText value={summary.change24h} digits={1} suffix={unit} />
        </Figure>
        <Figure label={t('summary.change7d')}>
          <ChangeText value={summary.change7d} digits={1} suffix={unit} />
        </Figure>
        {summary.share !== undefined && (
          <Figure label={t('summary.share')}>
            {summary.share === null ? <NoValue /> : formatFraction(summary.share)}
          </Figure>
        )}
        {summary.shareChange7d !== undefined && (
          <Figure label={t('summary.shareChange7d')}>
            {summary.shareChange7d === null ? (
              <NoValue />
            ) : (
              t('rotation.change', { value: formatSharePoints(summary.shareChange7d) })
            )}
          </Figure>
        )}
        <Figure label={t('summary.anomalies')}>{formatInteger(summary.anomalyCount)}</Figure>
        <Figure label={t('summary.riskFlags')}>{formatInteger(summary.riskFlagCount)}</Figure>
        <Figure label={t('summary.topRisk')}>
          <span data-top-risk={summary.topRisk ?? ''}>
            {summary.topRisk ? t(`risk.codes.${summary.topRisk}`) : t('summary.noRisk')}
          </span>
        </Figure>
      </dl>
      <SourceLine source={heatFact?.source ?? 'heatrank'} asOf={heatFact?.asOf ?? dataVersionTime(dataVersion)} />
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-900">
      <dt className="muted text-xs">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
