import type { OutcomeKey } from '../../../../shared/methodology/types.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useEvaluation } from '../api.ts';
import { pickCells } from '../evaluation-view.ts';
import { SummaryFigure } from './evaluation-figures.tsx';

type Props = { horizon: number; outcome: OutcomeKey; model: string | null; horizonLabel: string; outcomeLabel: string };

/** The chosen outcome and horizon per sector: does the score work as well inside each sector as across all? */
export function SectorEvaluationTable({ horizon, outcome, model, horizonLabel, outcomeLabel }: Props) {
  const { t } = useTranslation('methodology');
  const sectors = useEvaluation({ group: 'sector', horizon, outcome, daily: false });
  const caption = t('evaluation.sectors.caption', { outcome: outcomeLabel, horizon: horizonLabel });
  if (sectors.isPending)
    return <div className="card mt-4 h-40 animate-pulse" role="status" aria-busy="true" aria-label={caption} />;
  if (sectors.isError) return null;
  const cells = pickCells(sectors.data, { model, basis: 'published', groupKind: 'sector' })
    .filter((c) => c.daysUsed > 0)
    .sort((a, b) => (a.group.id ?? '').localeCompare(b.group.id ?? ''));
  return (
    <ScrollRegion label={caption} className="mt-4">
      <table className="w-full min-w-[30rem] text-sm" data-testid="sector-evaluation-table">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="muted text-xs">
          <tr>
            <th scope="col" className="px-4 py-2 text-left">
              {t('evaluation.sectors.sector')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('evaluation.table.correlation')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('evaluation.table.hitRate', { chance: '10%' })}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t('evaluation.table.days')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted px-4 py-3">
                {t('evaluation.sectors.none')}
              </td>
            </tr>
          ) : (
            cells.map((cell) => (
              <tr key={cell.group.id} className="border-t border-gray-100 dark:border-gray-800">
                <th scope="row" className="px-4 py-1.5 text-left font-normal">
                  {cell.group.id}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  <SummaryFigure summary={cell.correlation} format="correlation" />
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  <SummaryFigure summary={cell.hitRate} format="share" />
                </td>
                <td className="px-4 py-1.5 text-right tabular-nums">{cell.daysUsed}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
