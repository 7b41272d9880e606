import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PasswordResetConfirmBodySchema } from '../../../../shared/api/auth.schema.ts';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCheckVerifyLink, useSession, useVerifyEmail } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';

/**
 * Follows an e-mailed verification link. The page first asks the server what the link needs (no request of it fails
 * on the way): in the session of the link's own account it verifies in one click and the user stays signed in;
 * anywhere else the address's owner chooses the password here (whoever holds the mailbox takes the account over).
 */
export function VerifyEmail({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const session = useSession();
  const check = useCheckVerifyLink();
  const verify = useVerifyEmail();
  const form = useAuthForm(PasswordResetConfirmBodySchema);
  const started = useRef(false);
  // /api/me answers first: it tells who is signed in and hands a new browser its CSRF token for the POSTs.
  const sessionKnown = !session.isPending;
  useEffect(() => {
    if (!sessionKnown || started.current) return; // StrictMode mounts twice; ask once
    started.current = true;
    check.mutate(token, {
      onSuccess: ({ passwordRequired }) => {
        if (!passwordRequired) verify.mutate({ token });
      },
    });
  }, [sessionKnown, token, check, verify]);

  const askPassword = check.data?.passwordRequired === true && !verify.isSuccess;
  const failure = check.error ?? (askPassword ? undefined : verify.error);
  const signedIn = !!session.data?.user && check.data?.passwordRequired === false;
  const title = t('form.verifyTitle');
  const onSubmit = form.submit({ ...form.values, token }, async (body) => {
    await verify.mutateAsync(body);
  });

  return (
    <AuthCard title={title}>
      {(check.isPending || (verify.isPending && !askPassword) || !sessionKnown) && (
        <p role="status">{t('form.verifying')}</p>
      )}
      {verify.isSuccess && (
        <p role="status" data-testid="verify-done">
          {signedIn ? t('form.verifiedSignedIn') : t('form.verified')}
        </p>
      )}
      {askPassword && (
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={title}>
          <p className="muted text-sm">{t('form.verifyChoosePassword')}</p>
          <NewPasswordFields
            values={form.values}
            fieldErrors={form.fieldErrors}
            set={form.set}
            passwordLabel={t('form.newPassword')}
          />
          <FormMessages tokenError={form.fieldErrors.token} error={form.formError} notice={form.notice} />
          <SubmitButton label={t('form.savePassword')} pending={verify.isPending} />
        </form>
      )}
      {failure && <p role="alert">{errorText(failure)}</p>}
      <nav className="flex flex-col items-center gap-2 text-sm">
        {verify.isSuccess && signedIn ? (
          <Link to="/" className="btn-primary">
            {t('form.continue')}
          </Link>
        ) : (
          <ModeLink label={t('form.backToSignIn')} onClick={onDone} />
        )}
      </nav>
    </AuthCard>
  );
}
