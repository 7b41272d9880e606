import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignUpBodySchema } from '../../../../shared/api/auth.schema.ts';
import { useSignUp } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';
import type { AuthMode } from './auth-form.tsx';
import { EmailField } from './form-field.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';

type Props = { returnTo: string; onModeChange: (mode: AuthMode) => void; onSignedIn: (to: string) => void };

export function SignUpForm({ returnTo, onModeChange, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(SignUpBodySchema);
  const signUp = useSignUp();
  const termsId = useId();
  const title = t('form.signUpTitle');
  const { values, fieldErrors, set } = form;
  const onSubmit = form.submit(values, async (body) => {
    await signUp.mutateAsync(body);
    onSignedIn(returnTo);
  });

  return (
    <AuthCard title={title}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={title}>
        <EmailField value={values.email} error={fieldErrors.email} onChange={set('email')} />
        <NewPasswordFields
          values={values}
          fieldErrors={fieldErrors}
          set={set}
          passwordLabel={t('form.password')}
          userInputs={[values.email]}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={values.acceptTerms}
              aria-invalid={fieldErrors.acceptTerms ? true : undefined}
              aria-describedby={fieldErrors.acceptTerms ? termsId : undefined}
              onChange={(event) => set('acceptTerms')(event.target.checked)}
            />
            <span>{t('form.terms')}</span>
          </label>
          <p className="muted pl-6 text-xs">
            <Link to="/terms" className="link">
              {t('form.termsLink')}
            </Link>{' '}
            ·{' '}
            <Link to="/privacy" className="link">
              {t('form.privacyLink')}
            </Link>
          </p>
          {fieldErrors.acceptTerms && (
            <p id={termsId} className="text-xs text-red-600 dark:text-red-400">
              {fieldErrors.acceptTerms}
            </p>
          )}
        </div>
        <FormMessages error={form.formError} notice={form.notice} />
        <SubmitButton label={t('form.signUp')} pending={signUp.isPending} />
      </form>
      <OAuthButtons returnTo={returnTo} />
      <nav className="flex flex-col items-center gap-2 text-sm">
        <p className="muted">
          {t('form.haveAccount')} <ModeLink label={t('form.signIn')} onClick={() => onModeChange('signIn')} />
        </p>
      </nav>
    </AuthCard>
  );
}
