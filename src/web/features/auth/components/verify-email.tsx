import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetConfirmBodySchema } from '../../../../shared/api/auth.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useVerifyEmail } from '../api.ts';
import { FormField } from './form-field.tsx';

type Fields = { password: string; confirmPassword: string };

/**
 * Follows an e-mailed verification link. An address that is not verified yet needs a password chosen here (the server
 * answers NEW_PASSWORD_REQUIRED and keeps the link alive): whoever holds the mailbox takes the account over.
 */
export function VerifyEmail({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const verify = useVerifyEmail();
  const [values, setValues] = useState<Fields>({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Fields>>({});
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; a link works once
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const needsPassword =
    verify.isError && verify.error instanceof ApiError && verify.error.code === 'NEW_PASSWORD_REQUIRED';
  // Stays on the form after a refused password (too weak, …) so the user can try another.
  const askPassword = !verify.isSuccess && (needsPassword || verify.variables?.password !== undefined);
  const failure = verify.isError && !needsPassword ? errorText(verify.error) : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordResetConfirmBodySchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const next: Partial<Fields> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Fields;
        next[field] ??= t(issue.message.replace(/^(\w+)\./, '$1:'));
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    verify.mutate(parsed.data);
  };

  return (
    <div className="card mx-auto flex w-full max-w-md flex-col gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t('form.verifyTitle')}</h1>
      {verify.isPending && !askPassword && <p role="status">{t('form.verifying')}</p>}
      {verify.isSuccess && <p role="status">{t('form.verified')}</p>}
      {askPassword ? (
        <form
          noValidate
          className="flex flex-col gap-4 text-left"
          onSubmit={handleSubmit}
          aria-label={t('form.verifyTitle')}
        >
          <p className="muted text-sm">{t('form.verifyChoosePassword')}</p>
          <FormField
            label={t('form.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={fieldErrors.password}
            hint={t('form.passwordHint')}
            onChange={(password) => setValues((old) => ({ ...old, password }))}
          />
          <FormField
            label={t('form.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={fieldErrors.confirmPassword}
            onChange={(confirmPassword) => setValues((old) => ({ ...old, confirmPassword }))}
          />
          {failure && <p role="alert">{failure}</p>}
          <button type="submit" className="btn-primary w-full" disabled={verify.isPending}>
            {verify.isPending ? t('form.submitting') : t('form.savePassword')}
          </button>
        </form>
      ) : (
        failure && <p role="alert">{failure}</p>
      )}
      <button type="button" className="btn-secondary" onClick={onDone}>
        {t('form.backToSignIn')}
      </button>
    </div>
  );
}
