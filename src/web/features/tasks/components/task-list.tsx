import type { TasksResponse } from '../../../../shared/api/tasks.schema.ts';
import {
  DAILY_TASKS_PER_DAY,
  POINTS_PER_ACHIEVEMENT,
  POINTS_PER_DAILY_TASK,
} from '../../../../shared/membership/tasks.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { TaskCard } from './task-card.tsx';

type TaskListProps = { data: TasksResponse };

/** Today's daily tasks, then the achievements, each as a list of cards. */
export function TaskList({ data }: TaskListProps) {
  const { t } = useTranslation('tasks');
  const resetsAt = `00:00 ${data.day.zoneLabel}`;
  const groups = [
    {
      id: 'tasks-daily',
      title: t('list.daily'),
      hint: t('list.dailyHint', { points: POINTS_PER_DAILY_TASK, limit: DAILY_TASKS_PER_DAY }),
      items: data.tasks.filter((task) => task.kind === 'daily'),
    },
    {
      id: 'tasks-achievements',
      title: t('list.achievements'),
      hint: t('list.achievementsHint', { points: POINTS_PER_ACHIEVEMENT }),
      items: data.tasks.filter((task) => task.kind === 'achievement'),
    },
  ];
  return (
    <>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.id} className="space-y-3">
          <div>
            <h2 id={group.id} className="text-lg font-semibold">
              {group.title}
            </h2>
            <p className="muted text-sm">{group.hint}</p>
          </div>
          {group.items.length === 0 ? (
            <p className="muted text-sm">{t('list.empty')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {group.items.map((task) => (
                <TaskCard key={task.key} task={task} resetsAt={resetsAt} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
