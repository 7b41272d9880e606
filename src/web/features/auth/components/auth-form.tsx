import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
} from '../../../../shared/api/auth.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useConfirmReset, useRequestReset, useSignIn, useSignUp } from '../api.ts';
import { FormField } from './form-field.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { VerifyEmail } from './verify-email.tsx';

export type AuthMode = 'signIn' | 'signUp' | 'forgot' | 'reset' | 'verify';

export type AuthFormProps = {
  mode: AuthMode;
  /** The one-time token from an e-mailed link (reset and verify). */
  token?: string;
  /** Same-site path to go back to after signing in. */
  returnTo: string;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (returnTo: string) => void;
};

type Values = { email: string; password: string; confirmPassword: string; acceptTerms: boolean };
type FieldErrors = Partial<Record<keyof Values | 'token', string>>;

const SCHEMAS = {
  signIn: SignInBodySchema,
  signUp: SignUpBodySchema,
  forgot: PasswordResetRequestBodySchema,
  reset: PasswordResetConfirmBodySchema,
} satisfies Record<Exclude<AuthMode, 'verify'>, z.ZodType>;

/** Catalogue keys in schema messages are "auth.validation.x"; i18next wants "auth:validation.x". */
const toI18nKey = (key: string) => key.replace(/^(\w+)\./, '$1:');

/** Sign-in, sign-up, forgotten password, new password and e-mail verification: one card, validated by the API's own zod schemas. */
export function AuthForm({ mode, token = '', returnTo, onModeChange, onSignedIn }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>({ email: '', password: '', confirmPassword: '', acceptTerms: false });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const termsId = useId();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestReset();
  const confirmReset = useConfirmReset();
  const pending = signIn.isPending || signUp.isPending || requestReset.isPending || confirmReset.isPending;

  // A notice meant for the next mode (e.g. "password changed" shown on the sign-in form).
  const nextNotice = useRef<string>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new mode starts with a clean slate
  useEffect(() => {
    setFieldErrors({});
    setFormError(undefined);
    setNotice(nextNotice.current);
    nextNotice.current = undefined;
  }, [mode]);

  if (mode === 'verify') return <VerifyEmail token={token} onDone={() => onModeChange('signIn')} />;

  const set = (key: keyof Values) => (value: string | boolean) => setValues((old) => ({ ...old, [key]: value }));

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
      const next: FieldErrors = {};
      for (const issue of error.details as { field: string; message: string }[]) {
        next[issue.field as keyof FieldErrors] ??= issue.message;
      }
      setFieldErrors(next);
      return;
    }
    setFormError(errorText(error));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setNotice(undefined);
    const input = mode === 'reset' ? { ...values, token } : values;
    const parsed = SCHEMAS[mode].safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'email') as keyof FieldErrors;
        next[field] ??= t(toI18nKey(issue.message));
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    try {
      if (mode === 'signIn') {
        await signIn.mutateAsync(SignInBodySchema.parse(input));
        onSignedIn(returnTo);
      } else if (mode === 'signUp') {
        await signUp.mutateAsync(SignUpBodySchema.parse(input));
        onSignedIn(returnTo);
      } else if (mode === 'forgot') {
        await requestReset.mutateAsync(PasswordResetRequestBodySchema.parse(input));
        setNotice(t('form.resetSent'));
      } else {
        await confirmReset.mutateAsync(PasswordResetConfirmBodySchema.parse(input));
        nextNotice.current = t('form.passwordSaved');
        onModeChange('signIn');
      }
    } catch (error) {
      showFailure(error);
    }
  };

  const title = {
    signIn: t('form.signInTitle'),
    signUp: t('form.signUpTitle'),
    forgot: t('form.resetTitle'),
    reset: t('form.newPasswordTitle'),
  }[mode];
  const submitLabel = {
    signIn: t('form.signIn'),
    signUp: t('form.signUp'),
    forgot: t('form.sendResetLink'),
    reset: t('form.savePassword'),
  }[mode];
  const newPassword = mode === 'signUp' || mode === 'reset';

  return (
    <div className="card mx-auto flex w-full max-w-md flex-col gap-5 p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit} aria-label={title}>
        {mode !== 'reset' && (
          <FormField
            label={t('form.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={fieldErrors.email}
            onChange={set('email')}
          />
        )}
        {mode !== 'forgot' && (
          <FormField
            label={mode === 'reset' ? t('form.newPassword') : t('form.password')}
            name="password"
            type="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            value={values.password}
            error={fieldErrors.password}
            hint={newPassword ? t('form.passwordHint') : undefined}
            onChange={set('password')}
          />
        )}
        {newPassword && (
          <FormField
            label={t('form.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={fieldErrors.confirmPassword}
            onChange={set('confirmPassword')}
          />
        )}
        {mode === 'signUp' && (
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
        )}
        {fieldErrors.token && <p className="text-sm text-red-600 dark:text-red-400">{fieldErrors.token}</p>}
        {formError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
          >
            {formError}
          </p>
        )}
        {notice && (
          <p
            role="status"
            className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-300"
          >
            {notice}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t('form.submitting') : submitLabel}
        </button>
      </form>

      {(mode === 'signIn' || mode === 'signUp') && <OAuthButtons returnTo={returnTo} />}

      <nav className="flex flex-col items-center gap-2 text-sm">
        {mode === 'signIn' && (
          <>
            <button type="button" className="link" onClick={() => onModeChange('forgot')}>
              {t('form.forgotPassword')}
            </button>
            <p className="muted">
              {t('form.noAccount')}{' '}
              <button type="button" className="link" onClick={() => onModeChange('signUp')}>
                {t('form.signUp')}
              </button>
            </p>
          </>
        )}
        {mode === 'signUp' && (
          <p className="muted">
            {t('form.haveAccount')}{' '}
            <button type="button" className="link" onClick={() => onModeChange('signIn')}>
              {t('form.signIn')}
            </button>
          </p>
        )}
        {(mode === 'forgot' || mode === 'reset') && (
          <button type="button" className="link" onClick={() => onModeChange('signIn')}>
            {t('form.backToSignIn')}
          </button>
        )}
      </nav>
    </div>
  );
}
