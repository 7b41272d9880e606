import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { buildModelRows, type ModelInputRow, type StatedModel } from '../model-view.ts';

const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;
const amount = (n: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 3 }).format(n);

/**
 * Every heat input with its weight, scale, source and refresh interval under `model` (the version the ranking is
 * scored with). The published per-input weight is the code model's; another version has its weights only.
 */
export function ModelWeightsTable({ model }: { model: StatedModel }) {
  const { t } = useTranslation(['methodology', 'heat', 'provenance']);
  const rows = buildModelRows(model);
  const showSpec = rows.some((row) => row.inputs.some((input) => input.specWeight !== null));
  const scaleText = (input: ModelInputRow) =>
    t(`methodology:weights.${input.scale.kind}`, {
      lo: input.scale.kind === 'log' ? amount(input.scale.lo) : input.scale.lo,
      hi: input.scale.kind === 'log' ? amount(input.scale.hi) : input.scale.hi,
    });
  return (
    <ScrollRegion label={t('methodology:weights.caption')} className="mt-4">
      <table className="w-full min-w-[40rem] text-sm" data-testid="methodology-weights" data-model={model.id}>
        <caption className="px-4 pt-3 text-left font-semibold">{t('methodology:weights.caption')}</caption>
        <thead className="muted text-xs">
          <tr>
            <th scope="col" className="px-4 py-2 text-left">
              {t('methodology:weights.input')}
            </th>
            {showSpec && (
              <th scope="col" className="px-2 py-2 text-right">
                {t('methodology:weights.specWeight')}
              </th>
            )}
            <th scope="col" className="px-2 py-2 text-right">
              {t('methodology:weights.effective')}
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              {t('methodology:weights.scale')}
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              {t('methodology:weights.source')}
            </th>
            <th scope="col" className="px-4 py-2 text-left">
              {t('methodology:weights.refresh')}
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.category} className="border-t border-gray-200 dark:border-gray-800">
            <tr>
              <th scope="rowgroup" colSpan={showSpec ? 6 : 5} className="px-4 pt-3 pb-1 text-left font-semibold">
                {t('methodology:weights.categoryTotal', {
                  category: t(`heat:categories.${row.category}`),
                  weight: percent(row.weight),
                })}
              </th>
            </tr>
            {row.inputs.map((input) => (
              <tr key={input.key} data-input={input.key}>
                <th scope="row" className="px-4 py-1.5 text-left font-normal">
                  {t(`heat:components.${input.key}`)}
                </th>
                {showSpec && (
                  <td className="px-2 py-1.5 text-right tabular-nums">
                    {input.specWeight === null ? '—' : percent(input.specWeight)}
                  </td>
                )}
                <td className="px-2 py-1.5 text-right tabular-nums">{percent(input.fullDataWeight)}</td>
                <td className="px-2 py-1.5">{scaleText(input)}</td>
                <td className="px-2 py-1.5">
                  {input.source ? t(`provenance:sources.${input.source}`) : t('methodology:weights.derived')}
                </td>
                <td className="px-4 py-1.5">
                  {input.refreshMs === null
                    ? '—'
                    : t('methodology:weights.every', { interval: formatDuration(input.refreshMs / 1000) })}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </ScrollRegion>
  );
}
