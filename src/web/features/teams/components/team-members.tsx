import type { Team, TeamMember } from '../../../../shared/api/teams.schema.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRemoveMember, useTransferTeam } from '../api.ts';
import { ConfirmAction } from './confirm-action.tsx';

function MemberActions({ member }: { member: TeamMember }) {
  const { t } = useTranslation('teams');
  const remove = useRemoveMember();
  const transfer = useTransferTeam();
  const errorText = useErrorText();
  const name = member.name || t('members.unnamed');
  const failed = remove.error ?? transfer.error;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ConfirmAction
        label={t('actions.transfer')}
        question={t('actions.transferConfirm', { name })}
        yes={t('actions.transferYes')}
        pending={transfer.isPending}
        onConfirm={() => transfer.mutate(member.userId)}
        danger={false}
      />
      <ConfirmAction
        label={t('actions.remove')}
        question={t('actions.removeConfirm', { name })}
        yes={t('actions.removeYes')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(member.userId)}
      />
      {failed && (
        <p role="alert" className="w-full text-right text-sm text-red-700 dark:text-red-400">
          {errorText(failed)}
        </p>
      )}
    </div>
  );
}

/**
 * The members as a list of cards (name, e-mail, role, joined), which reads on a phone as well as on a desktop; the
 * owner gets "Make owner" and "Remove" on every other member, each asking first.
 */
export function TeamMembers({ team, myId }: { team: Team; myId: string }) {
  const { t } = useTranslation('teams');
  return (
    <section className="card space-y-3 p-4" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="font-semibold">
        {t('members.title')}
      </h2>
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-slot="team-members">
        {team.members.map((member) => (
          <li
            key={member.userId}
            data-slot="team-member"
            data-role={member.role}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium break-words">
                {member.name || t('members.unnamed')}{' '}
                {member.userId === myId && <span className="muted text-sm">{t('members.you')}</span>}
              </p>
              <p className="muted text-sm break-all">{member.email ?? t('members.noEmail')}</p>
              <p className="text-xs">
                <Badge tone={member.role === 'owner' ? 'purple' : 'gray'}>{t(`roles.${member.role}`)}</Badge>{' '}
                <span className="muted">
                  {t('members.joined')} {formatDate(member.joinedAt)}
                </span>
              </p>
            </div>
            {team.role === 'owner' && member.role === 'member' && <MemberActions member={member} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
