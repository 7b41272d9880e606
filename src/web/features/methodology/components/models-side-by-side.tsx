import type { EvaluationResponse } from '../../../../shared/api/methodology.schema.ts';
import { OUTCOMES } from '../../../../shared/methodology/outcomes.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { modelsIn, pickCells } from '../evaluation-view.ts';
import { SummaryFigure } from './evaluation-figures.tsx';

type Props = { data: EvaluationResponse; horizon: number; horizonLabel: string };

/** Every evaluated model version replayed on the same stored inputs: outcomes down, versions across. */
export function ModelsSideBySide({ data, horizon, horizonLabel }: Props) {
  const { t } = useTranslation('methodology');
  const cells = pickCells(data, { model: null, basis: 'replayed', groupKind: 'all' }).filter(
    (c) => c.horizon === horizon,
  );
  const models = modelsIn(cells, data.currentModel);
  const caption = t('evaluation.models.caption', { horizon: horizonLabel });
  return (
    <div className="mt-6" data-testid="models-side-by-side">
      <h3 className="text-lg font-semibold">{t('evaluation.models.title')}</h3>
      <p className="mt-2 text-sm">{t('evaluation.models.intro')}</p>
      {models.length < 2 && <p className="muted mt-2 text-sm">{t('evaluation.models.only')}</p>}
      {models.length > 0 && (
        <ScrollRegion label={caption} className="mt-3">
          <table className="w-full text-sm">
            <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
            <thead className="muted text-xs">
              <tr>
                <th scope="col" className="px-4 py-2 text-left">
                  {t('evaluation.outcome')}
                </th>
                {models.map((model) => (
                  <th key={model} scope="col" className="px-4 py-2 text-right">
                    {model}
                    {model === data.currentModel && ` (${t('evaluation.models.current')})`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {OUTCOMES.map(({ key }) => (
                <tr key={key} className="border-t border-gray-100 dark:border-gray-800">
                  <th scope="row" className="px-4 py-1.5 text-left font-normal">
                    {t(`evaluation.outcomes.${key}`)}
                  </th>
                  {models.map((model) => {
                    const cell = cells.find((c) => c.modelVersion === model && c.outcome === key);
                    return (
                      <td key={model} className="px-4 py-1.5 text-right tabular-nums">
                        {cell ? (
                          <SummaryFigure summary={cell.correlation} format="correlation" />
                        ) : (
                          <span className="muted text-xs">{t('evaluation.noValue')}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
