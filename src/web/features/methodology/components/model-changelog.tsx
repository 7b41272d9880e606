import type { HeatModelsResponse } from '../../../../shared/api/methodology.schema.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useHeatModels } from '../api.ts';

type Entry = HeatModelsResponse['changelog'][number];
const share = (w: number) => `${formatDecimal(w * 100, 1)}%`;

/** A promotion's moves, worded: the version it replaced, each weight that moved (largest first), other rules. */
function PromotionChanges({ entry }: { entry: Entry }) {
  const { t } = useTranslation(['methodology', 'heat']);
  if (entry.previous === null) return null;
  return (
    <div className="mt-2 space-y-1" data-testid="changelog-weights">
      <p className="muted">{t('evaluation.changelog.replaced', { previous: entry.previous })}</p>
      {entry.weightChanges.length === 0 ? (
        <p>{t('evaluation.changelog.noWeightChange')}</p>
      ) : (
        <>
          <p>{t('evaluation.changelog.weightsMoved')}</p>
          <ul className="list-inside list-disc">
            {entry.weightChanges.map((c) => (
              <li key={c.key}>
                {t('evaluation.changelog.weightChange', {
                  input: t(`heat:components.${c.key}`),
                  before: share(c.before),
                  after: share(c.after),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {entry.ruleChanges.length > 0 && (
        <p>
          {t('evaluation.changelog.rulesChanged', {
            rules: entry.ruleChanges.map((r) => t(`evaluation.changelog.rules.${r}`)).join(', '),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * Every model version, newest first: when, its status and what changed (the code's own versions worded per language;
 * a promotion also lists the weights that moved, worded here from numbers).
 */
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
    <section id="changelog" aria-labelledby="methodology-changelog" data-testid="model-changelog">
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
            <PromotionChanges entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}
