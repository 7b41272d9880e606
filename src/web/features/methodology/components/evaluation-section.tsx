import { useState } from 'react';
import type { EvaluationResponse } from '../../../../shared/api/methodology.schema.ts';
import { EVALUATION_HORIZONS, TOP_SHARE } from '../../../../shared/methodology/evaluate.ts';
import { OUTCOMES } from '../../../../shared/methodology/outcomes.ts';
import type { OutcomeKey } from '../../../../shared/methodology/types.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { evaluationUrl, useEvaluation } from '../api.ts';
import { formatShare, pickCells } from '../evaluation-view.ts';
import { CorrelationChart } from './correlation-chart.tsx';
import { EvaluationTable } from './evaluation-table.tsx';
import { ModelsSideBySide } from './models-side-by-side.tsx';
import { SectorEvaluationTable } from './sector-evaluation-table.tsx';

const DEFAULT_OUTCOME: OutcomeKey = 'pageViews';

/** The evaluation of the heat score against what happened next: status, tables, the daily chart, downloads. */
export function EvaluationSection() {
  const { t } = useTranslation('methodology');
  const [horizon, setHorizon] = useState(7);
  // Until the reader picks one, the chart shows the first outcome with a mean (a fresh install has no page views).
  const [picked, setPicked] = useState<OutcomeKey | null>(null);
  const evaluation = useEvaluation({ group: 'all', horizon, daily: true });
  const outcome = picked ?? (evaluation.data ? firstWithMean(evaluation.data, horizon) : DEFAULT_OUTCOME);
  const horizonLabel = t('evaluation.horizonDays', { count: horizon });
  const outcomeLabel = t(`evaluation.outcomes.${outcome}`);

  return (
    <section aria-labelledby="methodology-evaluation" data-testid="methodology-evaluation">
      <h2 id="methodology-evaluation">{t('evaluation.title')}</h2>
      <p className="mt-3">{t('evaluation.intro', { chance: formatShare(TOP_SHARE) })}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <label className="text-sm">
          <span className="muted block text-xs">{t('evaluation.horizon')}</span>
          <select
            className="input mt-1"
            value={horizon}
            onChange={(e) => setHorizon(Number(e.target.value))}
            data-testid="evaluation-horizon"
          >
            {EVALUATION_HORIZONS.map((h) => (
              <option key={h} value={h}>
                {t('evaluation.horizonDays', { count: h })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="muted block text-xs">{t('evaluation.outcome')}</span>
          <select
            className="input mt-1"
            value={outcome}
            onChange={(e) => setPicked(e.target.value as OutcomeKey)}
            data-testid="evaluation-outcome"
          >
            {OUTCOMES.map((o) => (
              <option key={o.key} value={o.key}>
                {t(`evaluation.outcomes.${o.key}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="muted text-sm">
          {t('evaluation.download')}{' '}
          <a className="link underline" href={evaluationUrl({ group: 'any', horizon }, 'csv')} download>
            {t('evaluation.csv')}
          </a>
          {' · '}
          <a className="link underline" href={evaluationUrl({ group: 'any', horizon })}>
            {t('evaluation.json')}
          </a>
        </p>
      </div>
      {evaluation.isPending ? (
        // The tables' final height, so the page below does not move when they arrive.
        <div
          className="card mt-4 h-72 animate-pulse"
          role="status"
          aria-busy="true"
          aria-label={t('evaluation.loading')}
        />
      ) : evaluation.isError ? (
        <p className="mt-4 text-sm text-red-700 dark:text-red-400" role="alert">
          {t('evaluation.loadError')}
        </p>
      ) : (
        <EvaluationBody
          data={evaluation.data}
          horizon={horizon}
          outcome={outcome}
          horizonLabel={horizonLabel}
          outcomeLabel={outcomeLabel}
        />
      )}
    </section>
  );
}

type BodyProps = {
  data: EvaluationResponse;
  horizon: number;
  outcome: OutcomeKey;
  horizonLabel: string;
  outcomeLabel: string;
};

function EvaluationBody({ data, horizon, outcome, horizonLabel, outcomeLabel }: BodyProps) {
  const { t } = useTranslation('methodology');
  const { history } = data;
  const current = currentCells(data, horizon);
  const chosen = current.find((c) => c.outcome === outcome);
  return (
    <>
      <HistoryStatus data={data} />
      {data.computedAt && data.currentModel && (
        <p className="muted mt-2 text-xs">
          {t('evaluation.computedAt', {
            date: formatDateTime(data.computedAt),
            model: data.currentModel,
            resamples: data.resamples ?? '—',
            seed: data.seed ?? '—',
          })}
        </p>
      )}
      {history.status !== 'empty' && current.length > 0 && (
        <>
          <EvaluationTable cells={current} horizonLabel={horizonLabel} />
          {chosen && <CorrelationChart cell={chosen} outcomeLabel={outcomeLabel} horizonLabel={horizonLabel} />}
          <SectorEvaluationTable
            horizon={horizon}
            outcome={outcome}
            model={data.currentModel}
            horizonLabel={horizonLabel}
            outcomeLabel={outcomeLabel}
          />
          <ModelsSideBySide data={data} horizon={horizon} horizonLabel={horizonLabel} />
        </>
      )}
    </>
  );
}

/** The current model's published cells at one horizon, in the outcomes' order. */
function currentCells(data: EvaluationResponse, horizon: number) {
  const order = OUTCOMES.map((o) => o.key);
  return pickCells(data, { model: data.currentModel, basis: 'published', groupKind: 'all' })
    .filter((c) => c.horizon === horizon)
    .sort((a, b) => order.indexOf(a.outcome) - order.indexOf(b.outcome));
}

function firstWithMean(data: EvaluationResponse, horizon: number): OutcomeKey {
  const cells = currentCells(data, horizon);
  return (cells.find((c) => c.correlation.mean !== null) ?? cells[0])?.outcome ?? DEFAULT_OUTCOME;
}

function HistoryStatus({ data }: { data: EvaluationResponse }) {
  const { t } = useTranslation('methodology');
  const { history } = data;
  if (history.status === 'ready') return null;
  const text =
    history.status === 'empty'
      ? t('evaluation.empty', { days: history.minDaysByHorizon['7'] ?? '—' })
      : t('evaluation.tooShort', {
          days: history.daysNeeded,
          date: history.availableOn ? formatDate(history.availableOn) : '—',
        });
  return (
    <p className="card mt-4 border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/40" data-testid="history-status">
      {text}
    </p>
  );
}
