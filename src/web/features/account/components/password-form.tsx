import { type FormEvent, useState } from 'react';
import { type MeResponse, NewPasswordSchema } from '../../../../shared/api/auth.schema.ts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangePassword } from '../api.ts';
import { toI18nKey, useAccountErrorText } from '../error-text.ts';
import { FormStatus, SettingsSection } from './form-status.tsx';

type Errors = { currentPassword?: string; password?: string; confirmPassword?: string };

/**
 * Change the password (the current one first), or set a first one for an account that signs in with a provider only.
 * The sign-up form's strength meter advises; the server's policy decides. Other sessions end; this one stays.
 */
export function PasswordForm({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['account', 'auth']);
  const errorText = useAccountErrorText();
  const change = useChangePassword();
  const hasPassword = me.user.hasPassword;
  const [values, setValues] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const next: Errors = {};
    if (hasPassword && !values.currentPassword) next.currentPassword = t('auth:validation.passwordRequired');
    const check = NewPasswordSchema.safeParse(values.password);
    if (!check.success) next.password = t(toI18nKey(check.error.issues[0]?.message ?? '') as never);
    else if (values.password !== values.confirmPassword) next.confirmPassword = t('auth:validation.passwordMismatch');
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    change.mutate(
      { newPassword: values.password, ...(hasPassword ? { currentPassword: values.currentPassword } : {}) },
      {
        onSuccess: () => {
          setSaved(true);
          setValues({ currentPassword: '', password: '', confirmPassword: '' });
        },
      },
    );
  };

  const title = hasPassword ? t('account:settings.password.title') : t('account:settings.password.titleSet');
  return (
    <SettingsSection id="settings-password" title={title}>
      {!hasPassword && <p className="muted text-sm">{t('account:settings.password.setHint')}</p>}
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-labelledby="settings-password">
        {/* The e-mail, for password managers: they file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={me.user.email ?? ''} readOnly hidden />
        {hasPassword && (
          <FormField
            label={t('account:settings.password.current')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={set('currentPassword')}
          />
        )}
        <NewPasswordFields
          values={values}
          fieldErrors={errors}
          set={set}
          passwordLabel={t('account:settings.password.new')}
          userInputs={[me.user.email ?? '']}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {hasPassword ? t('account:settings.password.save') : t('account:settings.password.saveSet')}
          </button>
          <FormStatus
            success={saved ? t('account:settings.password.saved') : null}
            error={change.error ? errorText(change.error) : null}
          />
        </div>
      </form>
    </SettingsSection>
  );
}
