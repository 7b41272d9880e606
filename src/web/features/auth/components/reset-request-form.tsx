import { PasswordResetRequestBodySchema } from '../../../../shared/api/auth.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRequestReset } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';
import { EmailField } from './form-field.tsx';

/** "Forgot password?": asks for the e-mail and always answers the same notice (no enumeration). */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(PasswordResetRequestBodySchema);
  const requestReset = useRequestReset();
  const title = t('form.resetTitle');
  const onSubmit = form.submit(form.values, async (body) => {
    await requestReset.mutateAsync(body);
    form.setNotice(t('form.resetSent'));
  });

  return (
    <AuthCard title={title}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={title}>
        <EmailField value={form.values.email} error={form.fieldErrors.email} onChange={form.set('email')} />
        <FormMessages error={form.formError} notice={form.notice} />
        <SubmitButton label={t('form.sendResetLink')} pending={requestReset.isPending} />
      </form>
      <nav className="flex flex-col items-center gap-2 text-sm">
        <ModeLink label={t('form.backToSignIn')} onClick={onBack} />
      </nav>
    </AuthCard>
  );
}
