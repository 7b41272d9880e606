import { useId, useState } from 'react';
import { TEAM_INVITATION_TTL_DAYS, type Team } from '../../../../shared/api/teams.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useInvite, useRevokeInvitation } from '../api.ts';
import { ConfirmAction } from './confirm-action.tsx';

function InviteForm({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const id = useId();
  const invite = useInvite();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const full = team.seats.used >= team.seats.limit;
  const sent = invite.data;
  return (
    <div className="space-y-2" data-slot="invite-form">
      <p className="muted text-sm">{t('invite.intro', { days: TEAM_INVITATION_TTL_DAYS })}</p>
      {!team.ownerPlanActive ? (
        <p className="text-sm">{t('invite.lapsed')}</p>
      ) : full ? (
        <p className="text-sm">{t('invite.full')}</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate(email.trim(), { onSuccess: () => setEmail('') });
          }}
        >
          <label htmlFor={id} className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
            {t('invite.label')}
            <input
              id={id}
              type="email"
              className="input"
              value={email}
              maxLength={254}
              required
              autoComplete="off"
              placeholder={t('invite.placeholder')}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" className="btn-primary" disabled={invite.isPending || email.trim() === ''}>
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </button>
        </form>
      )}
      {sent && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {t(sent.replaced ? 'invite.replaced' : 'invite.sent', { email: sent.invitation.email })}
        </p>
      )}
      {invite.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(invite.error)}
        </p>
      )}
    </div>
  );
}

function PendingList({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const revoke = useRevokeInvitation();
  const errorText = useErrorText();
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">{t('pending.title')}</h3>
      {team.invitations.length === 0 ? (
        <p className="muted text-sm">{t('pending.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-slot="pending-invitations">
          {team.invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-slot="pending-invitation"
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium break-all">{invitation.email}</p>
                <p className="muted text-xs">{t('pending.expires', { date: formatDateTime(invitation.expiresAt) })}</p>
              </div>
              <ConfirmAction
                label={t('pending.revoke')}
                question={t('pending.revokeConfirm', { email: invitation.email })}
                yes={t('pending.revokeYes')}
                pending={revoke.isPending}
                onConfirm={() => revoke.mutate(invitation.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(revoke.error)}
        </p>
      )}
    </div>
  );
}

/** The owner's invitations: the invite form (or why it is closed) and the pending links with Revoke. */
export function TeamInvitations({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  return (
    <section className="card space-y-4 p-4" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="font-semibold">
        {t('invite.title')}
      </h2>
      <InviteForm team={team} />
      <PendingList team={team} />
    </section>
  );
}
