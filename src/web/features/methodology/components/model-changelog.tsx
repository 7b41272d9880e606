import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useHeatModels } from '../api.ts';

/** Every model version, newest first: when, its status and what changed (the code's own versions worded per language). */
export function ModelChangelog() {
  const { t, i18n } = useTranslation('methodology');
  const models = useHeatModels();
  const caption = t('evaluation.changelog.caption');
  if (models.isPending)
    return <div className="card mt-4 h-32 animate-pulse" role="status" aria-busy="true" aria-label={caption} />;
  if (models.isError) return <p className="muted mt-3 text-sm">{t('evaluation.loadError')}</p>;
  const changes = (id: string, text: string) => {
    const key = `evaluation.changelog.code.${id}`;
    return i18n.exists(`methodology:${key}`) ? t(key as 'evaluation.changelog.code.heat-v2') : text;
  };
  return (
    <section aria-labelledby="methodology-changelog" data-testid="model-changelog">
      <h2 id="methodology-changelog">{t('evaluation.changelog.title')}</h2>
      <ol className="mt-3 space-y-3">
        {models.data.changelog.map((entry) => (
          <li key={entry.id} className="card p-3 text-sm">
            <p className="font-semibold">
              {entry.id}{' '}
              <span className="muted font-normal">
                · {formatDate(entry.date)} · {t(`evaluation.models.${entry.status}`)}
              </span>
            </p>
            <p className="mt-1">{changes(entry.id, entry.changes)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
