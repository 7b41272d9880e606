import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetConfirmBodySchema } from '../../../../shared/api/auth.schema.ts';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useVerifyEmail } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';

/**
 * Follows an e-mailed verification link. An address that is not verified yet needs a password chosen here (the server
 * answers NEW_PASSWORD_REQUIRED and keeps the link alive): whoever holds the mailbox takes the account over.
 */
export function VerifyEmail({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const verify = useVerifyEmail();
  const form = useAuthForm(PasswordResetConfirmBodySchema);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; a link works once
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const needsPassword =
    verify.isError && verify.error instanceof ApiError && verify.error.code === 'NEW_PASSWORD_REQUIRED';
  // Stays on the form after a refused password (too common, …) so the user can try another.
  const askPassword = !verify.isSuccess && (needsPassword || verify.variables?.password !== undefined);
  const linkFailure = verify.isError && !askPassword ? errorText(verify.error) : undefined;
  const title = t('form.verifyTitle');
  const onSubmit = form.submit({ ...form.values, token }, async (body) => {
    await verify.mutateAsync(body);
  });

  return (
    <AuthCard title={title}>
      {verify.isPending && !askPassword && <p role="status">{t('form.verifying')}</p>}
      {verify.isSuccess && <p role="status">{t('form.verified')}</p>}
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
      {linkFailure && <p role="alert">{linkFailure}</p>}
      <nav className="flex flex-col items-center gap-2 text-sm">
        <ModeLink label={t('form.backToSignIn')} onClick={onDone} />
      </nav>
    </AuthCard>
  );
}
