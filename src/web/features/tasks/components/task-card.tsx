import { useState } from 'react';
import { Link } from 'react-router';
import type { CreditResponse, TaskItem, TaskState } from '../../../../shared/api/tasks.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CreditNotice } from './credit-notice.tsx';
import { TaskAction } from './task-action.tsx';

const STATE_TONES: Record<TaskState, BadgeTone> = {
  completed: 'green',
  pending: 'blue',
  available: 'orange',
  locked: 'gray',
};

type TaskCardProps = { task: TaskItem; resetsAt: string };

/** One task: title, what to do, points, state, progress and its action (or why it is locked). */
export function TaskCard({ task, resetsAt }: TaskCardProps) {
  const { t } = useTranslation('tasks');
  const titleId = `task-${task.key.replace('.', '-')}`;
  const { done, target } = task.progress;
  // Kept here, not in the action: the credit refetches the list, the task turns completed and its action goes away.
  const [credit, setCredit] = useState<CreditResponse | null>(null);
  return (
    <li aria-labelledby={titleId} className="card flex min-w-0 flex-col gap-3 p-4" data-task={task.key}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold">
            {t(`items.${task.key}.title`)}
          </h3>
          <p className="muted text-sm">{t(`items.${task.key}.description`, { target })}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="font-semibold text-brand-700 tabular-nums dark:text-brand-400">
            {t('list.points', { points: task.points })}
          </span>
          <Badge tone={STATE_TONES[task.state]}>{t(`states.${task.state}`)}</Badge>
        </div>
      </div>
      {target > 1 && (
        <div className="flex items-center gap-3 text-sm">
          <div
            role="progressbar"
            aria-label={t('list.progress', { done, target })}
            aria-valuemin={0}
            aria-valuemax={target}
            aria-valuenow={Math.min(done, target)}
            className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
          >
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${(Math.min(done, target) / target) * 100}%` }}
            />
          </div>
          <span className="tabular-nums">{t('list.progress', { done, target })}</span>
        </div>
      )}
      <TaskFooter task={task} resetsAt={resetsAt} onCredited={setCredit} />
      {credit && <CreditNotice credit={credit} />}
    </li>
  );
}

function TaskFooter({ task, resetsAt, onCredited }: TaskCardProps & { onCredited: (credit: CreditResponse) => void }) {
  const { t } = useTranslation('tasks');
  if (task.state === 'completed') {
    return task.completedAt ? (
      <p className="muted text-sm">{t('list.completedAt', { time: formatDateTime(task.completedAt) })}</p>
    ) : null;
  }
  if (task.state === 'locked') {
    if (task.lockedReason === 'level' && task.requiredLevel) {
      return (
        <p className="text-sm">
          {t('locked.level', { level: t(`levels.${task.requiredLevel}`) })}{' '}
          <Link to="/membership" className="link font-medium">
            {t('locked.upgrade')}
          </Link>
        </p>
      );
    }
    return <p className="muted text-sm">{t('locked.dailyCap', { time: resetsAt })}</p>;
  }
  return (
    <>
      {task.state === 'pending' && task.pendingReason && (
        <p className="muted text-sm" data-testid="task-pending">
          {t(`pending.${task.pendingReason}`, { done: task.progress.done, target: task.progress.target })}
        </p>
      )}
      <TaskAction task={task} onCredited={onCredited} />
    </>
  );
}
