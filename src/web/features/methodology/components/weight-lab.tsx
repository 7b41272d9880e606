import { useState } from 'react';
import type { ProposalPreviewResponse } from '../../../../shared/api/weight-proposals.schema.ts';
import { CURRENT_WEIGHTS, PROPOSAL_INPUTS, type ProposalWeights } from '../../../../shared/methodology/proposal.ts';
import { SECTORS } from '../../../../shared/sectors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePreviewProposal } from '../api.ts';
import { formatWeightPercent, rebalance } from '../weights-view.ts';
import { ProposalResults } from './proposal-results.tsx';
import { SaveProposalForm } from './save-proposal-form.tsx';

/** Premium: sliders over the 17 inputs' weights, the ranking they give beside today's, and saving them. */
export function WeightLab({ sectorLabel }: { sectorLabel: (category: string) => string }) {
  const { t } = useTranslation(['methodology', 'heat']);
  const [weights, setWeights] = useState<ProposalWeights>(CURRENT_WEIGHTS);
  const [sector, setSector] = useState('');
  const preview = usePreviewProposal();
  const [shown, setShown] = useState<ProposalPreviewResponse | null>(null);
  const total = PROPOSAL_INPUTS.reduce((sum, k) => sum + weights[k], 0);

  const run = () =>
    preview.mutate({ weights, ...(sector ? { sector } : {}) }, { onSuccess: (result) => setShown(result) });

  return (
    <div data-testid="weight-lab">
      <fieldset className="card mt-4 p-4">
        <legend className="px-1 font-semibold">{t('lab.weightsCaption')}</legend>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {PROPOSAL_INPUTS.map((key) => (
            <label key={key} className="block text-sm" data-weight={key}>
              <span className="flex justify-between gap-2">
                <span>{t(`heat:components.${key}`)}</span>
                <span className="tabular-nums">
                  <span className="font-semibold" data-testid={`weight-${key}`}>
                    {formatWeightPercent(weights[key])}
                  </span>{' '}
                  <span className="muted text-xs">
                    {t('lab.today', { weight: formatWeightPercent(CURRENT_WEIGHTS[key]) })}
                  </span>
                </span>
              </span>
              <input
                type="range"
                min={0}
                max={100}
                step={0.5}
                value={Number((weights[key] * 100).toFixed(1))}
                onChange={(e) => setWeights((w) => rebalance(w, key, Number(e.target.value) / 100))}
                className="mt-1 w-full accent-brand-600"
                aria-valuetext={formatWeightPercent(weights[key])}
              />
            </label>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <p className="muted text-sm" data-testid="weights-total">
            {t('lab.total', { sum: formatWeightPercent(total) })}
          </p>
          <button type="button" className="btn-secondary" onClick={() => setWeights(CURRENT_WEIGHTS)}>
            {t('lab.reset')}
          </button>
          <label className="text-sm">
            <span className="muted block text-xs">{t('lab.sector')}</span>
            <select className="input mt-1" value={sector} onChange={(e) => setSector(e.target.value)}>
              <option value="">{t('lab.allProjects')}</option>
              {SECTORS.map((s) => (
                <option key={s} value={s}>
                  {sectorLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn-primary" onClick={run} disabled={preview.isPending}>
            {preview.isPending ? t('lab.running') : t('lab.run')}
          </button>
        </div>
        {preview.isError && (
          <p className="mt-3 text-sm text-red-700 dark:text-red-400" role="alert">
            {t('lab.error', { message: preview.error.message })}
          </p>
        )}
      </fieldset>
      {shown && <ProposalResults result={shown} sectorLabel={sectorLabel} />}
      <SaveProposalForm weights={weights} />
    </div>
  );
}
