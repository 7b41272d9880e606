import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayNameOf } from '../../../../shared/api/account.values.ts';
import type { MeResponse } from '../../../../shared/api/auth.schema.ts';
import type { MembershipLevel } from '../../../../shared/membership/level.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CompletedTasks } from './completed-tasks.tsx';

const LEVEL_TONES: Record<MembershipLevel, BadgeTone> = { free: 'gray', premium: 'blue', vip: 'purple' };

type FactProps = { label: string; children: ReactNode; testId?: string; wide?: boolean };

function Fact({ label, children, testId, wide = false }: FactProps) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="muted text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The /profile page's content for a signed-in user. */
export function ProfileView({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['account', 'auth']);
  const { user, profile } = me;
  const name = displayNameOf({ email: user.email, name: profile.name }, t('auth:menu.defaultName'));
  // The one effective level /api/me answers (test mode's preview included), and the paid plan while it runs.
  const { level, plan } = me.membership;
  return (
    <div className="space-y-6">
      <section className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <Avatar url={profile.avatarUrl} name={name} size="lg" alt={t('account:profile.avatarAlt', { name })} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-semibold" data-testid="profile-name">
            {name}
          </h2>
          <p className="muted truncate text-sm">{user.email ?? t('account:profile.noEmail')}</p>
        </div>
        <Link to="/settings" className="btn-secondary self-start sm:self-center">
          {t('account:profile.edit')}
        </Link>
      </section>
      <section className="card p-5">
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label={t('account:profile.email')} testId="profile-email" wide>
            {user.email ?? t('account:profile.noEmail')}
          </Fact>
          <Fact label={t('account:profile.level')} testId="profile-level">
            <Badge tone={LEVEL_TONES[level]}>{t(`account:level.${level}`)}</Badge>
            {plan?.running && level !== 'free' && (
              <span className="muted ml-2 text-xs">
                {t('account:profile.expires', { date: formatDate(plan.expiresAt) })}
              </span>
            )}
          </Fact>
          <Fact label={t('account:profile.points')} testId="profile-points">
            <Link to="/membership" className="underline decoration-dotted">
              {formatInteger(profile.points)}
            </Link>
          </Fact>
          <Fact label={t('account:profile.tasksCompleted')} testId="profile-tasks">
            {formatInteger(profile.tasksCompleted)}
          </Fact>
          <Fact label={t('account:profile.joined')}>
            <time dateTime={profile.joinedAt}>{formatDate(profile.joinedAt)}</time>
          </Fact>
          <Fact label={t('account:profile.lastActive')}>
            <time dateTime={profile.lastActive}>{formatDateTime(profile.lastActive)}</time>
          </Fact>
          <Fact label={t('account:profile.adsWatched')}>{formatInteger(profile.adsWatched)}</Fact>
        </dl>
      </section>
      <CompletedTasks />
    </div>
  );
}
