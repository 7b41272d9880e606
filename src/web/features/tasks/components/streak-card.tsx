import type { TasksResponse } from '../../../../shared/api/tasks.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Consecutive days with a daily task, the best run, and how far the next streak bonus is. */
export function StreakCard({ streak }: { streak: TasksResponse['streak'] }) {
  const { t } = useTranslation('tasks');
  return (
    <section aria-labelledby="streak-title" className="card space-y-3 p-5">
      <h2 id="streak-title" className="text-lg font-semibold">
        {t('streak.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="muted text-sm">{t('streak.current')}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatInteger(streak.current)}</dd>
        </div>
        <div>
          <dt className="muted text-sm">{t('streak.best')}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatInteger(streak.best)}</dd>
        </div>
      </dl>
      <p className="text-sm">{t('streak.bonus', { every: streak.bonusEvery, points: streak.bonusPoints })}</p>
      <p className="muted text-sm">
        {t('streak.toBonus', { count: streak.daysToBonus })}{' '}
        {streak.activeToday ? t('streak.activeToday') : t('streak.notToday')}
      </p>
    </section>
  );
}
