import { Link } from 'react-router';
import { LEVEL_POINT_THRESHOLDS, type MembershipLevel } from '../../../../shared/membership/level.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type PaidLevel = Exclude<MembershipLevel, 'free'>;
const PAID_LEVELS: readonly PaidLevel[] = ['premium', 'vip'];

/** Points still to earn for a level (0 once reached); `held` is the balance the points ledger totals. */
export const pointsLeft = (level: PaidLevel, held: number) => Math.max(0, LEVEL_POINT_THRESHOLDS[level] - held);

/**
 * The points route to each paid level: points needed, the member's balance and what is left, with the way to earn
 * them. `points` null = a visitor, who is shown the thresholds and asked to sign in.
 */
export function PointsRoute({ points }: { points: number | null }) {
  const { t } = useTranslation('membership');
  return (
    <section aria-labelledby="points-route" className="card space-y-4 p-5" data-slot="points-route">
      <h2 id="points-route" className="text-lg font-semibold">
        {t('route.title')}
      </h2>
      {points === null ? (
        <>
          <p className="muted text-sm leading-6">
            {t('route.visitor', {
              premium: formatInteger(LEVEL_POINT_THRESHOLDS.premium),
              vip: formatInteger(LEVEL_POINT_THRESHOLDS.vip),
            })}
          </p>
          <Link to="/auth?returnTo=%2Fmembership" className="btn-primary">
            {t('route.visitorLink')}
          </Link>
        </>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('route.caption')}</caption>
              <thead className="border-b border-gray-200 dark:border-gray-800">
                <tr>
                  <th scope="col" className="py-2 pr-2 text-left font-medium">
                    {t('route.level')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    {t('route.needed')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    {t('route.held')}
                  </th>
                  <th scope="col" className="py-2 pl-2 text-right font-medium">
                    {t('route.left')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {PAID_LEVELS.map((level) => {
                  const left = pointsLeft(level, points);
                  return (
                    <tr key={level} data-level={level}>
                      <th scope="row" className="py-2 pr-2 text-left font-semibold">
                        {t(`levels.${level}`)}
                      </th>
                      <td className="px-2 py-2 text-right tabular-nums">
                        {formatInteger(LEVEL_POINT_THRESHOLDS[level])}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{formatInteger(points)}</td>
                      <td className="py-2 pl-2 text-right tabular-nums" data-slot="points-left">
                        {left === 0 ? t('route.reached') : formatInteger(left)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Link to="/tasks" className="btn-primary">
            {t('status.toTasks')}
          </Link>
        </>
      )}
    </section>
  );
}

/** A plan card's line when nothing can be paid here: how far the member's points are from that level. */
export function PointsDistance({ level, points }: { level: PaidLevel; points: number }) {
  const { t } = useTranslation('membership');
  const left = pointsLeft(level, points);
  return (
    <div className="mt-6 space-y-3" data-slot="points-distance" data-level={level}>
      <p className="text-center text-sm">
        {left === 0
          ? t('route.cardReached', { held: formatInteger(points) })
          : t('route.cardLeft', { left: formatInteger(left), held: formatInteger(points) })}
      </p>
      <Link to="/tasks" className="btn-secondary w-full">
        {t('plan.earn')}
      </Link>
    </div>
  );
}
