import { Link } from 'react-router';
import type { UsageResponse } from '../../../../shared/api/usage.schema.ts';
import { computePointsLevel, LEVEL_POINT_THRESHOLDS, updateModeOf } from '../../../../shared/membership/level.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * The signed-in member's level, test mode, progress in points to the next level and the paid plan's end. `methods`:
 * the ways to pay this instance offers, already named for display (empty: payments are not enabled here).
 */
export function LevelStatus({ usage, methods }: { usage: UsageResponse; methods: readonly string[] }) {
  const { t } = useTranslation('membership');
  const from = LEVEL_POINT_THRESHOLDS[computePointsLevel(usage.points)];
  const next = usage.next;
  const percent = next
    ? Math.max(
        0,
        Math.min(100, Math.round(((usage.points - from) / (LEVEL_POINT_THRESHOLDS[next.level] - from)) * 100)),
      )
    : 100;
  const planRunning = usage.membershipExpiresAt !== null && Date.parse(usage.membershipExpiresAt) > Date.now();
  return (
    <section aria-labelledby="membership-status" className="card space-y-4 p-5" data-slot="level-status">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="membership-status" className="text-lg font-semibold">
          {t('status.title')}
        </h2>
        <Badge tone={usage.level === 'free' ? 'gray' : 'orange'}>
          <span data-slot="current-level">{t(`levels.${usage.level}`)}</span>
        </Badge>
        {usage.testLevel && (
          <Badge tone="blue">{t('testMode.badge', { level: t(`levels.${usage.actualLevel}`) })}</Badge>
        )}
      </div>
      <div className="space-y-2">
        <p className="text-sm">
          {next
            ? t('status.toNext', {
                points: formatInteger(usage.points),
                needed: formatInteger(next.pointsNeeded),
                level: t(`levels.${next.level}`),
              })
            : t('status.top', { points: formatInteger(usage.points) })}
        </p>
        <div
          role="progressbar"
          aria-label={t('status.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <UpdateMode level={usage.level} />
      {usage.membershipExpiresAt && (
        <p className="muted text-sm">
          {t(planRunning ? 'status.planEnds' : 'status.planEnded', { date: formatDate(usage.membershipExpiresAt) })}
        </p>
      )}
      <p className="muted text-sm">
        {methods.length > 0 ? t('status.buyWith', { methods: methods.join(' · ') }) : t('status.earnOnly')}{' '}
        <Link to="/tasks" className="link underline">
          {t('status.toTasks')}
        </Link>
      </p>
    </section>
  );
}

/** How this level receives data changes (the server's rule for the live stream): live, or every 5 minutes. */
export function UpdateMode({ level }: { level: UsageResponse['level'] }) {
  const { t } = useTranslation('membership');
  const mode = updateModeOf(level);
  return (
    <p className="text-sm" data-slot="update-mode" data-mode={mode}>
      {t(mode === 'live' ? 'updates.live' : 'updates.interval')}
    </p>
  );
}
