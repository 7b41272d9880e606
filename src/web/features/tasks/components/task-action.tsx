import { useState } from 'react';
import { Link } from 'react-router';
import type { CreditResponse, TaskItem } from '../../../../shared/api/tasks.schema.ts';
import type { TaskKey } from '../../../../shared/membership/tasks.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCheckIn, useClaimTask } from '../api.ts';
import { ErrorNotice } from './credit-notice.tsx';
import { ShareDialog } from './share-dialog.tsx';

// mutateAsync, not mutate(…, { onSuccess }): the credit refetches the list, this task turns completed and the button
// unmounts before the per-call callback would run; the promise still reaches the card. Failures show from the
// mutation's own error state.
const ignore = () => {};

type TaskActionProps = { task: TaskItem; onCredited: (credit: CreditResponse) => void };

// Tasks done elsewhere on the site: the server counts them where they happen, this page only links there.
type LinkLabel = 'viewProjects' | 'search' | 'viewSectors' | 'viewHistory' | 'invite' | 'watchlist';
const LINKS: Partial<Record<TaskItem['key'], { to: string; label: LinkLabel }>> = {
  'daily.view_projects': { to: '/directory', label: 'viewProjects' },
  'daily.run_search': { to: '/search', label: 'search' },
  'daily.view_sector': { to: '/sectors', label: 'viewSectors' },
  'daily.view_history': { to: '/directory', label: 'viewHistory' },
  'achievement.invite_friend': { to: '#referral', label: 'invite' },
  // Credited when a project is added to a watchlist (from a project page or the lists).
  'daily.add_watchlist': { to: '/watchlists', label: 'watchlist' },
  'achievement.first_watchlist': { to: '/watchlists', label: 'watchlist' },
};

/**
 * What the user can do about a task that is neither completed nor locked: an available task is claimed here (the
 * server accepts it now); a pending one links to where it is done.
 */
export function TaskAction({ task, onCredited }: TaskActionProps) {
  const { t } = useTranslation('tasks');
  if (task.state === 'available') {
    return task.key === 'daily.check_in' ? (
      <CheckInButton onCredited={onCredited} />
    ) : (
      <div>
        <ClaimButton taskKey={task.key as TaskKey} onCredited={onCredited} />
      </div>
    );
  }
  switch (task.key) {
    case 'daily.share_project':
      return <ShareAction waiting={task.pendingReason === 'shareNotOpened'} />;
    case 'achievement.complete_profile':
      return (
        <Link to="/settings" className="btn-secondary self-start">
          {t('actions.editProfile')}
        </Link>
      );
  }
  const link = LINKS[task.key];
  if (!link) return null;
  return link.to.startsWith('#') ? (
    <a href={link.to} className="btn-secondary self-start">
      {t(`actions.${link.label}`)}
    </a>
  ) : (
    <Link to={link.to} className="btn-secondary self-start">
      {t(`actions.${link.label}`)}
    </Link>
  );
}

function CheckInButton({ onCredited }: Pick<TaskActionProps, 'onCredited'>) {
  const { t } = useTranslation('tasks');
  const checkIn = useCheckIn();
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn-primary"
        disabled={checkIn.isPending}
        onClick={() => void checkIn.mutateAsync().then(onCredited, ignore)}
      >
        {t('actions.checkIn')}
      </button>
      {checkIn.isError && <ErrorNotice error={checkIn.error} />}
    </div>
  );
}

function ClaimButton({ taskKey, onCredited }: Pick<TaskActionProps, 'onCredited'> & { taskKey: TaskKey }) {
  const { t } = useTranslation('tasks');
  const claim = useClaimTask();
  return (
    <>
      <button
        type="button"
        className="btn-primary"
        disabled={claim.isPending}
        onClick={() => void claim.mutateAsync(taskKey).then(onCredited, ignore)}
      >
        {t('actions.claim')}
      </button>
      {claim.isError && <ErrorNotice error={claim.error} />}
    </>
  );
}

function ShareAction({ waiting }: { waiting: boolean }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={waiting ? 'btn-secondary self-start' : 'btn-primary self-start'}
        onClick={() => setOpen(true)}
      >
        {t('actions.share')}
      </button>
      {open && <ShareDialog onClose={() => setOpen(false)} />}
    </>
  );
}
