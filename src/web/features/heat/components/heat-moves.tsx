import type { HistoryResponse, Move } from '../../../../shared/api/heat.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { componentLabelKey, formatPoints } from '../breakdown-view.ts';

const TOP = 5;

/** "Why it moved": the score's change over 24 h and 7 d and the components that moved it most. */
export function HeatMoves({ moves }: { moves: HistoryResponse['moves'] }) {
  const { t } = useTranslation('heat');
  return (
    <section className="card p-4" aria-labelledby="heat-moves-title">
      <h3 id="heat-moves-title" className="mb-2 font-semibold">
        {t('moves.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoveList title={t('moves.day')} move={moves.day} />
        <MoveList title={t('moves.week')} move={moves.week} />
      </div>
    </section>
  );
}

function MoveList({ title, move }: { title: string; move: Move | null }) {
  const { t } = useTranslation('heat');
  const label = (key: string) => {
    const { key: i18nKey, category } = componentLabelKey(key);
    return t(i18nKey as 'components.base', {
      category: category ? t(`categories.${category}` as 'categories.social') : '',
    });
  };
  return (
    <div>
      <h4 className="text-sm font-medium">
        {title}
        {move && (
          <span className={`ml-2 tabular-nums ${move.change >= 0 ? 'tone-gain' : 'tone-loss'}`}>
            {t('moves.change', { change: formatPoints(move.change) })}
          </span>
        )}
      </h4>
      {!move ? (
        <p className="muted text-sm">{t('moves.none')}</p>
      ) : move.components.length === 0 ? (
        <p className="muted text-sm">{t('moves.flat')}</p>
      ) : (
        <ul className="mt-1 space-y-0.5 text-sm" title={formatDateTime(move.since)}>
          {move.components.slice(0, TOP).map((c) => (
            <li key={c.key} className="flex justify-between gap-2">
              <span>{label(c.key)}</span>
              <span className={`tabular-nums ${c.delta >= 0 ? 'tone-gain' : 'tone-loss'}`}>
                {formatPoints(c.delta)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
