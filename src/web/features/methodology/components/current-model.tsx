import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useHeatModels } from '../api.ts';
import { ModelRules } from './model-rules.tsx';
import { ModelWeightsTable } from './model-weights-table.tsx';

/**
 * The model in words, its weights and its rules, as the server scores the public ranking now (`scoringModel`): after
 * an admin promotes a candidate this is the promoted version, the code's built-in model only while it is current.
 */
export function CurrentModel() {
  const { t } = useTranslation('methodology');
  const models = useHeatModels();
  const model = models.data?.scoringModel;
  const pending = <div className="card mt-4 h-48 animate-pulse" role="status" aria-busy="true" />;
  const failed = <p className="muted mt-3 text-sm">{t('evaluation.loadError')}</p>;
  const body = (content: (m: NonNullable<typeof model>) => ReactNode) =>
    model ? content(model) : models.isError ? failed : pending;
  return (
    <>
      <section aria-labelledby="methodology-model">
        <h2 id="methodology-model">{t('model.title')}</h2>
        {model && (
          <p className="muted mt-2 text-sm" data-testid="methodology-model-version">
            {t('model.version', { version: model.id })}
            {model.since && ` · ${t('model.since', { date: formatDate(model.since) })}`}
          </p>
        )}
        <p className="mt-3">{t('model.words1')}</p>
        <p className="mt-3">{t('model.words2')}</p>
        <p className="mt-3 font-mono text-sm">{t('model.words3')}</p>
      </section>
      <section aria-labelledby="methodology-weights">
        <h2 id="methodology-weights">{t('weights.title')}</h2>
        {body((m) => (
          <ModelWeightsTable model={m} />
        ))}
      </section>
      <section aria-labelledby="methodology-rules">
        <h2 id="methodology-rules">{t('rules.title')}</h2>
        {body((m) => (
          <ModelRules definition={m.definition} />
        ))}
      </section>
    </>
  );
}
