import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type MailDelivery, SignUpBodySchema } from '../../../../shared/api/auth.schema.ts';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSignUp } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';
import type { AuthMode } from './auth-form.tsx';
import { EmailField } from './form-field.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';

type Props = {
  returnTo: string;
  referralCode?: string;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (to: string) => void;
};

export function SignUpForm({ returnTo, referralCode, onModeChange, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(SignUpBodySchema);
  const signUp = useSignUp();
  const termsId = useId();
  const [sent, setSent] = useState<{ email: string; delivery: MailDelivery }>();
  const title = t('form.signUpTitle');
  const { values, fieldErrors, set } = form;
  const onSubmit = form.submit(values, async (body) => {
    const created = await signUp.mutateAsync(referralCode ? { ...body, referralCode } : body);
    setSent({ email: created.user.email ?? body.email, delivery: created.mailDelivery });
  });

  if (sent) return <SignUpSent {...sent} onContinue={() => onSignedIn(returnTo)} />;

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
        {referralCode && <p className="muted text-sm">{t('form.invited', { code: referralCode })}</p>}
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

type SentProps = { email: string; delivery: MailDelivery; onContinue: () => void };

/** After sign-up: where the verification mail went (or, without SMTP, that the link is in the server log). */
function SignUpSent({ email, delivery, onContinue }: SentProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('form.signedUpTitle')}>
      <div role="status" className="flex flex-col gap-3 text-sm leading-6" data-mail-delivery={delivery}>
        <p>{t('form.signedUp', { email })}</p>
        {delivery === 'log' && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t('form.signedUpLog')}
          </p>
        )}
        <p className="muted">{t('form.signedUpNext')}</p>
      </div>
      <button type="button" className="btn-primary w-full" onClick={onContinue}>
        {t('form.continue')}
      </button>
    </AuthCard>
  );
}
