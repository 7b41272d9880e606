import type { MarketAnalysisResponse, Mover } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dataVersionTime } from '../analysis-view.ts';
import { SourceLine } from './fact-source.tsx';
import { HistoryNeed, hasHistory } from './history-need.tsx';
import { MoverDetail } from './mover-detail.tsx';

/** Days of history a window's movers need: a run 24 hours, or 7 days, before the latest. */
const NEEDED_DAYS = { day: 1, week: 7 } as const;

/** Market-wide movers: the biggest heat gains and losses over 24 hours and over 7 days, with what drove each. */
export function MarketMovers({ analysis }: { analysis: MarketAnalysisResponse }) {
  const { t } = useTranslation('analysis');
  return (
    <section aria-labelledby="analysis-movers" className="card min-w-0 space-y-4 p-5" data-slot="market-movers">
      <h2 id="analysis-movers" className="text-lg font-semibold">
        {t('movers.marketTitle')}
      </h2>
      {(['day', 'week'] as const).map((window) => (
        <div key={window} className="min-w-0" data-window={window}>
          <h3 className="mb-2 text-sm font-semibold">{t(`movers.${window}`)}</h3>
          {analysis.movers[window].up.length + analysis.movers[window].down.length === 0 &&
          !hasHistory(analysis.history, NEEDED_DAYS[window]) ? (
            <HistoryNeed history={analysis.history} needed={NEEDED_DAYS[window]} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <MoverColumn title={t('movers.up')} movers={analysis.movers[window].up} direction="up" />
              <MoverColumn title={t('movers.down')} movers={analysis.movers[window].down} direction="down" />
            </div>
          )}
        </div>
      ))}
      <SourceLine source="heatrank" asOf={dataVersionTime(analysis.dataVersion)} />
    </section>
  );
}

function MoverColumn({
  title,
  movers,
  direction,
}: {
  title: string;
  movers: readonly Mover[];
  direction: 'up' | 'down';
}) {
  const { t } = useTranslation('analysis');
  return (
    <div className="min-w-0" data-direction={direction}>
      <h4 className="muted mb-1 text-xs font-medium">{title}</h4>
      {movers.length === 0 ? (
        <p className="muted text-sm">{t('movers.empty')}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {movers.map((mover) => (
            <li key={mover.projectId}>
              <MoverDetail mover={mover} showName />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
