import { useState } from 'react';
import type { EvaluationCellDto, HeatModelDto } from '../../../../shared/api/methodology.schema.ts';
import { computeWeightChanges } from '../../../../shared/methodology/model-changes.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePromoteModel } from '../methodology-api.ts';

const share = (w: number) => `${formatDecimal(w * 100, 1)}%`;

/** A mean ρ with its interval, or "no data" in words (never a number the evaluation does not hold). */
function Rho({ cell, none }: { cell: EvaluationCellDto | undefined; none: string }) {
  const c = cell?.correlation;
  if (!c || c.mean === null) return <span className="muted">{none}</span>;
  const interval =
    c.low === null || c.high === null ? '' : ` [${formatDecimal(c.low, 2)}, ${formatDecimal(c.high, 2)}]`;
  return (
    <span className="tabular-nums">
      {formatDecimal(c.mean, 2)}
      {interval}
    </span>
  );
}

type Props = {
  candidate: HeatModelDto;
  current: HeatModelDto;
  /** Every stored replayed cell (all versions, 7-day horizon, whole universe). */
  cells: EvaluationCellDto[];
};

/** One candidate: what it changes against the current model, both stored evaluations side by side, and Promote. */
export function CandidateModelCard({ candidate, current, cells }: Props) {
  const { t } = useTranslation(['admin', 'heat', 'methodology']);
  const promote = usePromoteModel();
  const [confirming, setConfirming] = useState(false);
  const changes = computeWeightChanges(current.definition, candidate.definition);
  const outcomes = [...new Set(cells.map((c) => c.outcome))];
  const cellOf = (model: string, outcome: string) =>
    cells.find((c) => c.modelVersion === model && c.outcome === outcome);
  const hasEvaluation = cells.some((c) => c.modelVersion === candidate.id);
  return (
    <li className="card space-y-3 p-4" data-testid={`candidate-${candidate.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-semibold">{candidate.id}</h4>
          <p className="muted text-sm">{candidate.changelog}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setConfirming(true)} disabled={promote.isPending}>
          {t('methodology.promote', { id: candidate.id })}
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-left font-medium">{t('methodology.weightDiff')}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">{t('methodology.input')}</th>
              <th scope="col">{t('methodology.currentWeight')}</th>
              <th scope="col">{t('methodology.candidateWeight')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.length === 0 && (
              <tr>
                <td colSpan={3}>{t('methodology.noWeightDiff')}</td>
              </tr>
            )}
            {changes.map((c) => (
              <tr key={c.key}>
                <th scope="row" className="font-normal">
                  {t(`heat:components.${c.key}`)}
                </th>
                <td className="tabular-nums">{share(c.before)}</td>
                <td className="tabular-nums">{share(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-left font-medium">{t('methodology.evaluation')}</caption>
          {hasEvaluation ? (
            <>
              <thead>
                <tr className="text-left">
                  <th scope="col">{t('methodology.outcome')}</th>
                  <th scope="col">{current.id}</th>
                  <th scope="col">{candidate.id}</th>
                </tr>
              </thead>
              <tbody>
                {outcomes.map((outcome) => (
                  <tr key={outcome}>
                    <th scope="row" className="font-normal">
                      {t(`methodology:evaluation.outcomes.${outcome}`)}
                    </th>
                    <td>
                      <Rho cell={cellOf(current.id, outcome)} none={t('methodology.noValue')} />
                    </td>
                    <td>
                      <Rho cell={cellOf(candidate.id, outcome)} none={t('methodology.noValue')} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <tbody>
              <tr>
                <td className="muted">{t('methodology.noEvaluation')}</td>
              </tr>
            </tbody>
          )}
        </table>
      </div>
      {promote.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('methodology.promoteFailed', { message: promote.error.message })}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('methodology.promoteTitle', { id: candidate.id })}
          text={t('methodology.promoteText', { id: candidate.id, current: current.id })}
          confirmLabel={t('methodology.promoteConfirm')}
          cancelLabel={t('methodology.cancel')}
          busy={promote.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => promote.mutate(candidate.id, { onSettled: () => setConfirming(false) })}
        />
      )}
    </li>
  );
}
