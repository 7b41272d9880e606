import type { Team } from '../../../../shared/api/teams.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteTeam, useLeaveTeam } from '../api.ts';
import { ConfirmAction } from './confirm-action.tsx';
import { TeamInvitations } from './team-invitations.tsx';
import { TeamMembers } from './team-members.tsx';
import { TeamOverview } from './team-overview.tsx';

function LeaveOrDelete({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const leave = useLeaveTeam();
  const remove = useDeleteTeam();
  const errorText = useErrorText();
  const failed = leave.error ?? remove.error;
  return (
    <section className="card space-y-3 p-4" aria-labelledby="team-danger-title">
      <h2 id="team-danger-title" className="font-semibold">
        {team.role === 'member' ? t('actions.leave') : t('actions.dangerTitle')}
      </h2>
      {team.role === 'member' ? (
        <>
          <p className="muted text-sm">{t('actions.leaveIntro')}</p>
          <ConfirmAction
            label={t('actions.leave')}
            question={t('actions.leaveConfirm', { team: team.name })}
            yes={t('actions.leaveYes')}
            pending={leave.isPending}
            onConfirm={() => leave.mutate(undefined)}
          />
        </>
      ) : (
        <>
          <p className="muted text-sm">{t('actions.ownerLeaveHint')}</p>
          <p className="muted text-sm">{t('actions.deleteIntro')}</p>
          <ConfirmAction
            label={t('actions.delete')}
            question={t('actions.deleteConfirm', { team: team.name })}
            yes={t('actions.deleteYes')}
            pending={remove.isPending}
            onConfirm={() => remove.mutate(undefined)}
          />
        </>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(failed)}
        </p>
      )}
    </section>
  );
}

/** /team with a team: overview, members, the owner's invitations, and leave or delete. */
export function TeamPanel({ team, myId }: { team: Team; myId: string }) {
  return (
    <div className="space-y-6" data-slot="team-panel" data-role={team.role}>
      <TeamOverview team={team} />
      <TeamMembers team={team} myId={myId} />
      {team.role === 'owner' && <TeamInvitations team={team} />}
      <LeaveOrDelete team={team} />
    </div>
  );
}
