import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useSession, useSignOut } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { LockedFeature } from '../../features/membership/components/locked-feature.tsx';
import { lockReasonFor } from '../../features/membership/lock-reason.ts';
import { useMyTeam } from '../../features/teams/api.ts';
import { CreateTeamForm } from '../../features/teams/components/create-team-form.tsx';
import { JoinInvitation } from '../../features/teams/components/join-invitation.tsx';
import { TeamPanel } from '../../features/teams/components/team-panel.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { QueryError } from '../query-error.tsx';

/** My team, or — without one — the create form for vip and the upgrade message naming VIP below it. */
function MyTeam() {
  const { t } = useTranslation('teams');
  const team = useMyTeam();
  const session = useSession();
  if (team.isPending || session.isPending) return <p className="muted text-sm">…</p>;
  if (team.isError) return <QueryError query={team} />;
  const { team: mine, allowed, vipSeats } = team.data;
  if (mine) return <TeamPanel team={mine} myId={session.data?.user.id ?? ''} />;
  const locked = allowed ? null : lockReasonFor('team_collaboration', session.data?.membership.level ?? 'free');
  return (
    <div className="space-y-4">
      {locked ? (
        <>
          <LockedFeature reason={locked} title={t('featureName')} />
          <p className="muted text-sm">{t('seatsRule', { seats: vipSeats })}</p>
        </>
      ) : (
        <CreateTeamForm seats={vipSeats} />
      )}
      <p className="muted text-sm">{t('create.invitedHint')}</p>
    </div>
  );
}

/** /team: the team, its members and invitations (vip team collaboration; docs/teams.md). */
export function TeamPage() {
  const { t } = useTranslation('teams');
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <MyTeam />
      </RequireSignIn>
    </div>
  );
}

/** /team/join?token=…: the e-mailed invitation link's landing page. */
export function TeamJoinPage() {
  const { t } = useTranslation('teams');
  const [params] = useSearchParams();
  const session = useSession();
  const signOut = useSignOut();
  return (
    <div className="space-y-8">
      <PageHeader title={t('join.title')} />
      {session.isPending ? (
        <p className="muted text-sm">…</p>
      ) : (
        <JoinInvitation
          token={params.get('token') ?? ''}
          account={session.data ? { email: session.data.user.email } : undefined}
          signOut={() => signOut.mutate()}
        />
      )}
    </div>
  );
}
