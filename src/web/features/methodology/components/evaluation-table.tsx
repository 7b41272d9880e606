import type { EvaluationCellDto } from '../../../../shared/api/methodology.schema.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatShare } from '../evaluation-view.ts';
import { SummaryFigure } from './evaluation-figures.tsx';

/** One row per outcome: correlation and hit rate with their intervals, the days and projects they rest on. */
export function EvaluationTable({ cells, horizonLabel }: { cells: EvaluationCellDto[]; horizonLabel: string }) {
  const { t } = useTranslation('methodology');
  const chance = formatShare(cells[0]?.hitRateChance ?? 0.1);
  const caption = t('evaluation.table.caption', { horizon: horizonLabel });
  return (
    <ScrollRegion label={caption} className="mt-4">
      <table className="w-full min-w-[36rem] text-sm" data-testid="evaluation-table">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="muted text-xs">
          <tr>
            <th scope="col" className="px-4 py-2 text-left">
              {t('evaluation.outcome')}
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              {t('evaluation.table.family')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('evaluation.table.correlation')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('evaluation.table.hitRate', { chance })}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('evaluation.table.days')}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t('evaluation.table.projects')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell) => (
            <tr
              key={cell.outcome}
              data-outcome={cell.outcome}
              className="border-t border-gray-100 dark:border-gray-800"
            >
              <th scope="row" className="px-4 py-1.5 text-left font-normal">
                {t(`evaluation.outcomes.${cell.outcome}`)}
              </th>
              <td className="px-2 py-1.5 whitespace-nowrap">{t(`evaluation.families.${cell.family}`)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                <SummaryFigure summary={cell.correlation} format="correlation" />
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                <SummaryFigure summary={cell.hitRate} format="share" />
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">{cell.daysUsed}</td>
              <td className="px-4 py-1.5 text-right tabular-nums">
                {cell.daysUsed === 0 ? t('evaluation.noValue') : Math.round(cell.projectsMean)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
