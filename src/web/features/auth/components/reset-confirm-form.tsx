import { PasswordResetConfirmBodySchema } from '../../../../shared/api/auth.schema.ts';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useConfirmReset } from '../api.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { AuthCard, FormMessages, ModeLink, SubmitButton } from './auth-card.tsx';

type Props = { token: string; onSaved: () => void; onBack: () => void };

/** The page behind an e-mailed reset link: a new password, twice; the token travels with it. */
export function ResetConfirmForm({ token, onSaved, onBack }: Props) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(PasswordResetConfirmBodySchema);
  const confirmReset = useConfirmReset();
  const title = t('form.newPasswordTitle');
  const onSubmit = form.submit({ ...form.values, token }, async (body) => {
    await confirmReset.mutateAsync(body);
    onSaved();
  });

  return (
    <AuthCard title={title}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={title}>
        <NewPasswordFields
          values={form.values}
          fieldErrors={form.fieldErrors}
          set={form.set}
          passwordLabel={t('form.newPassword')}
        />
        <FormMessages tokenError={form.fieldErrors.token} error={form.formError} notice={form.notice} />
        <SubmitButton label={t('form.savePassword')} pending={confirmReset.isPending} />
      </form>
      <nav className="flex flex-col items-center gap-2 text-sm">
        <ModeLink label={t('form.backToSignIn')} onClick={onBack} />
      </nav>
    </AuthCard>
  );
}
