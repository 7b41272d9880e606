import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/load-chunk.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { FormField } from './form-field.tsx';

// zxcvbn-ts and its dictionaries are large: loaded with the forms that choose a password, never with the home page.
const PasswordStrength = lazy(() => loadChunk(() => import('./password-strength.tsx')));

type Props = {
  values: { password: string; confirmPassword: string };
  fieldErrors: { password?: string; confirmPassword?: string };
  set: (key: 'password' | 'confirmPassword') => (value: string) => void;
  /** "Password" on sign-up, "New password" on reset and verify. */
  passwordLabel: string;
  /** Words the meter counts against the password (the e-mail on sign-up). */
  userInputs?: string[];
};

/** A password being chosen, with its strength meter, and its confirmation: sign-up, reset and verify share these. */
export function NewPasswordFields({ values, fieldErrors, set, passwordLabel, userInputs = [] }: Props) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="flex flex-col gap-1">
        <FormField
          label={passwordLabel}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={fieldErrors.password}
          hint={t('form.passwordHint')}
          onChange={set('password')}
        />
        <Suspense fallback={null}>
          <PasswordStrength password={values.password} userInputs={userInputs} quiet={!!fieldErrors.password} />
        </Suspense>
      </div>
      <FormField
        label={t('form.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={fieldErrors.confirmPassword}
        onChange={set('confirmPassword')}
      />
    </>
  );
}
