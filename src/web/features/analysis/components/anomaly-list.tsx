import { Link } from 'react-router';
import type { AnalysisFact, Anomaly } from '../../../../shared/api/analysis.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { findAnomalyFact, formatPlain } from '../analysis-view.ts';
import { useAnalysisSourceName, useSignalLabel } from './fact-source.tsx';

/**
 * Anomalies, one a line: the signal, how far from its 30-day mean (value, mean, z-score), and where the value comes
 * from as of when (its fact; our own heat otherwise). With `showName`, each names its project with a link (market and
 * sector lists).
 */
export function AnomalyList({
  anomalies,
  facts = [],
  showName = false,
}: {
  anomalies: readonly Anomaly[];
  facts?: readonly AnalysisFact[];
  showName?: boolean;
}) {
  const { t } = useTranslation('analysis');
  const signalLabel = useSignalLabel();
  if (anomalies.length === 0) return <p className="muted text-sm">{t('anomalies.none')}</p>;
  return (
    <ul className="space-y-2 text-sm" data-anomaly-list="">
      {anomalies.map((a) => (
        <li
          key={`${a.projectId}-${a.signal}-${a.at}`}
          className="min-w-0"
          data-anomaly={a.signal}
          data-direction={a.direction}
        >
          {showName && (
            <Link to={`/project/${encodeURIComponent(a.projectId)}`} className="link mr-1 font-medium">
              {a.name}
            </Link>
          )}
          <span className={a.direction === 'up' ? 'tone-gain' : 'tone-loss'}>
            <span aria-hidden="true" className="mr-1 text-[0.7em]">
              {a.direction === 'up' ? '▲' : '▼'}
            </span>
          </span>
          {t('anomalies.line', {
            signal: signalLabel(a.signal),
            direction: t(`anomalies.${a.direction}`),
            value: formatPlain(a.value),
            mean: formatPlain(a.mean),
            z: formatPlain(a.zScore),
          })}
          <AnomalySource fact={findAnomalyFact(facts, a)} at={a.at} />
        </li>
      ))}
    </ul>
  );
}

/** "Source: Wikipedia page views · as of …" under an anomaly: its value's fact, else our own heat at the anomaly's time. */
function AnomalySource({ fact, at }: { fact: AnalysisFact | undefined; at: string }) {
  const { t } = useTranslation('analysis');
  const sourceName = useAnalysisSourceName();
  const source = fact?.source ?? 'heatrank';
  const asOf = fact?.asOf ?? at;
  return (
    <span className="muted block text-xs" data-analysis-source={source} data-as-of={asOf}>
      {t('source.line', { source: sourceName(source), date: formatDateTime(asOf) })}
    </span>
  );
}
