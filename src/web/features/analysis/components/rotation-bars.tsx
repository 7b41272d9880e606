import type { MarketAnalysisResponse, RotationEntry } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatFraction, formatSharePoints } from '../analysis-view.ts';
import { SourceLine } from './fact-source.tsx';
import { HistoryNeed, hasHistory } from './history-need.tsx';

/**
 * Sector rotation as a diverging bar list: each sector's change in share of total heat over 7 days (gainers right,
 * losers left of the centre line, scaled to the largest change), with its share now. Text carries every number;
 * the bars only repeat them.
 */
export function RotationBars({
  entries,
  asOf,
  sectorLabel = (name) => name,
  history,
}: {
  /** With it, an empty rotation says how many days of history it still needs (7). */
  history?: MarketAnalysisResponse['history'];
  entries: readonly RotationEntry[];
  asOf: string | null;
  sectorLabel?: (name: string) => string;
}) {
  const { t } = useTranslation('analysis');
  const sorted = [...entries].sort((a, b) => b.shareChange - a.shareChange || a.name.localeCompare(b.name));
  const max = Math.max(...sorted.map((e) => Math.abs(e.shareChange)), 0);
  return (
    <section aria-labelledby="analysis-rotation" className="card min-w-0 space-y-3 p-5" data-slot="rotation">
      <header>
        <h2 id="analysis-rotation" className="text-lg font-semibold">
          {t('rotation.title')}
        </h2>
        <p className="muted text-sm">{t('rotation.subtitle')}</p>
      </header>
      {sorted.length === 0 ? (
        history && !hasHistory(history, 7) ? (
          <HistoryNeed history={history} needed={7} />
        ) : (
          <p className="muted text-sm">{t('rotation.none')}</p>
        )
      ) : (
        <ul className="space-y-2 text-sm">
          {sorted.map((entry) => {
            const width = max === 0 ? 0 : (Math.abs(entry.shareChange) / max) * 50;
            const up = entry.shareChange >= 0;
            return (
              <li
                key={entry.sectorId}
                className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto]"
                data-rotation={entry.sectorId}
              >
                <span className="min-w-0 truncate" title={sectorLabel(entry.name)}>
                  {sectorLabel(entry.name)}
                </span>
                <span aria-hidden="true" className="relative h-3 rounded bg-gray-100 dark:bg-gray-800">
                  <span className="absolute inset-y-0 left-1/2 w-px bg-gray-400" />
                  <span
                    className={`absolute inset-y-0 rounded ${up ? 'bg-gain' : 'bg-loss'}`}
                    style={up ? { left: '50%', width: `${width}%` } : { right: '50%', width: `${width}%` }}
                  />
                </span>
                <span className="text-right text-xs tabular-nums whitespace-nowrap">
                  <span className={up ? 'tone-gain' : 'tone-loss'}>
                    {t('rotation.change', { value: formatSharePoints(entry.shareChange) })}
                  </span>
                  <span className="muted block">
                    {t('rotation.shareNow', { value: formatFraction(entry.shareNow) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <SourceLine source="heatrank" asOf={asOf} />
    </section>
  );
}
