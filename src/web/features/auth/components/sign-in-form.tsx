import { SignInBodySchema } from '../../../../shared/api/auth.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSignIn } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';
import type { AuthMode } from './auth-form.tsx';
import { EmailField, FormField } from './form-field.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';

type Props = {
  returnTo: string;
  notice?: string;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (to: string) => void;
};

export function SignInForm({ returnTo, notice: initialNotice, onModeChange, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(SignInBodySchema, initialNotice);
  const signIn = useSignIn();
  const title = t('form.signInTitle');
  const onSubmit = form.submit(form.values, async (body) => {
    await signIn.mutateAsync(body);
    onSignedIn(returnTo);
  });

  return (
    <AuthCard title={title}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={title}>
        <EmailField value={form.values.email} error={form.fieldErrors.email} onChange={form.set('email')} />
        <FormField
          label={t('form.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          error={form.fieldErrors.password}
          onChange={form.set('password')}
        />
        <FormMessages error={form.formError} notice={form.notice} />
        <SubmitButton label={t('form.signIn')} pending={signIn.isPending} />
      </form>
      <OAuthButtons returnTo={returnTo} />
      <nav className="flex flex-col items-center gap-2 text-sm">
        <ModeLink label={t('form.forgotPassword')} onClick={() => onModeChange('forgot')} />
        <p className="muted">
          {t('form.noAccount')} <ModeLink label={t('form.signUp')} onClick={() => onModeChange('signUp')} />
        </p>
      </nav>
    </AuthCard>
  );
}
