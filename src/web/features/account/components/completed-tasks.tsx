import { Link } from 'react-router';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCompletedTasks } from '../api.ts';

/** A task's name in the page's language: the task centre's title (tasks.items.<key>), or the ad credit's reason. */
function useTaskName() {
  const { t } = useTranslation(['tasks', 'points']);
  return (key: string) =>
    key === 'ad.watch' ? t('points:reasons.ad.watch') : t(`tasks:items.${key}.title`, { defaultValue: key });
}

/**
 * The user's completed tasks from GET /api/me/tasks (the task feature's route). Nothing at all when that request
 * fails or the route does not exist yet: the counters on the profile still say how many.
 */
export function CompletedTasks() {
  const { t } = useTranslation('account');
  const { data } = useCompletedTasks();
  const taskName = useTaskName();
  if (!data) return null;
  return (
    <section aria-labelledby="profile-completed-tasks" className="card p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="profile-completed-tasks" className="text-lg font-semibold">
          {t('profile.completedTasks')}
        </h2>
        <Link to="/tasks" className="text-sm text-brand-700 underline dark:text-brand-400">
          {t('profile.taskCentre')}
        </Link>
      </div>
      {data.items.length === 0 ? (
        <p className="muted mt-3 text-sm">{t('profile.noCompletedTasks')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
          {data.items.map((task) => (
            <li
              key={`${task.key}-${task.completedAt}`}
              className="flex items-center justify-between gap-3 py-2 text-sm"
            >
              <span className="min-w-0 truncate">{taskName(task.key)}</span>
              <span className="flex shrink-0 items-center gap-3">
                <span className="font-medium text-green-700 dark:text-green-400">
                  {t('profile.pointsAwarded', { points: formatInteger(task.points) })}
                </span>
                <time className="muted text-xs" dateTime={task.completedAt}>
                  {formatDateTime(task.completedAt)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
