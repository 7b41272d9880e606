import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAcceptInvitation } from '../api.ts';

const FINAL_REFUSALS = new Set([
  'TEAM_INVITATION_INVALID',
  'TEAM_INVITATION_USED',
  'TEAM_INVITATION_REVOKED',
  'TEAM_INVITATION_EXPIRED',
  'TEAM_ALREADY_IN_TEAM',
]);

type JoinInvitationProps = {
  token: string;
  /** The signed-in account's e-mail; undefined for a visitor (null: an account without an address). */
  account: { email: string | null } | undefined;
  /** Signs out (the wrong-account case), composed by the page from the auth feature. */
  signOut: () => void;
};

/**
 * /team/join?token=…: a visitor is sent to sign in or sign up first (and back here after); a signed-in user accepts
 * with one button, and every refusal (expired, used, revoked, another address, full team, unverified e-mail) is said
 * in words, with what to do next.
 */
export function JoinInvitation({ token, account, signOut }: JoinInvitationProps) {
  const { t } = useTranslation('teams');
  const accept = useAcceptInvitation();
  const errorText = useErrorText();
  const returnTo = `/team/join?token=${encodeURIComponent(token)}`;
  if (!token) {
    return (
      <p role="alert" className="card p-4 text-sm">
        {t('join.noToken')}
      </p>
    );
  }
  if (!account) {
    return (
      <section className="card mx-auto max-w-md space-y-3 p-6" aria-label={t('join.title')} data-slot="join-sign-in">
        <p>{t('join.intro')}</p>
        <p className="muted text-sm">{t('join.signInFirst')}</p>
        <div className="flex flex-wrap gap-2">
          <Link className="btn-primary" to={`/auth?returnTo=${encodeURIComponent(returnTo)}`}>
            {t('join.signIn')}
          </Link>
          <Link className="btn-secondary" to={`/auth?mode=signup&returnTo=${encodeURIComponent(returnTo)}`}>
            {t('join.signUp')}
          </Link>
        </div>
      </section>
    );
  }
  if (accept.isSuccess) {
    return (
      <section className="card mx-auto max-w-md space-y-3 p-6" role="status" data-slot="join-done">
        <p className="font-medium">{t('join.joined', { team: accept.data.name })}</p>
        <Link className="btn-primary" to="/team">
          {t('join.openTeam')}
        </Link>
      </section>
    );
  }
  const code = accept.error instanceof ApiError ? accept.error.code : null;
  // A refusal no retry can change: the button goes, the reason stays.
  const final = code !== null && FINAL_REFUSALS.has(code);
  return (
    <section className="card mx-auto max-w-md space-y-3 p-6" aria-label={t('join.title')} data-slot="join-accept">
      <p>{t('join.intro')}</p>
      <p className="muted text-sm break-all">{t('join.signedInAs', { email: account.email ?? '—' })}</p>
      {!final && (
        <button type="button" className="btn-primary" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
          {accept.isPending ? t('join.accepting') : t('join.accept')}
        </button>
      )}
      {accept.isError && (
        <div role="alert" className="space-y-2 text-sm text-red-700 dark:text-red-400" data-code={code ?? undefined}>
          <p>{errorText(accept.error)}</p>
          {code === 'EMAIL_NOT_VERIFIED' && <p>{t('join.verifyFirst')}</p>}
          {code === 'TEAM_INVITATION_WRONG_ACCOUNT' && (
            <>
              <p>{t('join.wrongAccountHint', { email: account.email ?? '—' })}</p>
              <button type="button" className="btn-secondary" onClick={signOut}>
                {t('join.signOut')}
              </button>
            </>
          )}
          {code === 'TEAM_ALREADY_IN_TEAM' && (
            <Link className="link" to="/team">
              {t('join.openTeam')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
