import type { PointsResponse } from '../../../../shared/api/points.schema.ts';
import type { TasksResponse } from '../../../../shared/api/tasks.schema.ts';
import { MEMBERSHIP_LEVELS } from '../../../../shared/membership/level.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { computeLevelProgress } from '../progress.ts';

type PointsHeaderProps = { points: PointsResponse; day: TasksResponse['day']; caps: TasksResponse['caps'] };

/** Balance, level, the bar to the next points level, when the day resets and how much of today's caps is used. */
export function PointsHeader({ points, day, caps }: PointsHeaderProps) {
  const { t } = useTranslation('tasks');
  const progress = computeLevelProgress(points.balance);
  const nextName = progress.next ? t(`levels.${progress.next}`) : null;
  const valueText = nextName
    ? t('header.progressText', {
        balance: formatInteger(points.balance),
        target: formatInteger(progress.to),
        level: nextName,
      })
    : t('header.topLevel');
  // A running paid plan may already give the level the bar climbs to: say so, not just "N more points".
  const planCovers =
    progress.next !== null && MEMBERSHIP_LEVELS.indexOf(points.level) >= MEMBERSHIP_LEVELS.indexOf(progress.next);
  return (
    <section aria-label={t('header.label')} className="card grid gap-5 p-5 md:grid-cols-[1fr_auto]">
      <div className="min-w-0 space-y-3">
        <dl className="flex flex-wrap items-end gap-x-8 gap-y-2">
          <div>
            <dt className="muted text-sm">{t('header.balance')}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-testid="points-balance">
              {formatInteger(points.balance)}
            </dd>
          </div>
          <div>
            <dt className="muted text-sm">{t('header.level')}</dt>
            <dd className="text-lg font-semibold">{t(`levels.${points.level}`)}</dd>
          </div>
        </dl>
        <div
          role="progressbar"
          aria-label={nextName ? t('header.progressLabel', { level: nextName }) : t('header.topLevel')}
          aria-valuemin={progress.next ? progress.from : 0}
          aria-valuemax={progress.to}
          aria-valuenow={Math.min(points.balance, progress.to)}
          aria-valuetext={valueText}
          className="h-3 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="muted text-sm">
          {nextName
            ? t('header.pointsNeeded', { points: formatInteger(progress.pointsNeeded), level: nextName })
            : t('header.topLevel')}
          {planCovers && ` ${t('header.planCovers', { level: nextName })}`}
        </p>
      </div>
      <div className="space-y-2 text-sm md:min-w-56">
        <p className="font-medium">{t('header.resets', { zone: day.zoneLabel })}</p>
        <dl aria-label={t('header.capsLabel')} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt className="muted">{t('header.capAds')}</dt>
          <dd className="text-right tabular-nums">{t('header.capValue', caps.ads)}</dd>
          <dt className="muted">{t('header.capDaily')}</dt>
          <dd className="text-right tabular-nums">{t('header.capValue', caps.daily)}</dd>
        </dl>
      </div>
    </section>
  );
}
