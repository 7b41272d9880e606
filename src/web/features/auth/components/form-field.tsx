import { FormField, type FormFieldProps } from '../../../components/forms/form-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export { FormField };

/** The e-mail field of the sign-in, sign-up and reset-request forms. */
export function EmailField({ value, error, onChange }: Pick<FormFieldProps, 'value' | 'error' | 'onChange'>) {
  const { t } = useTranslation('auth');
  return (
    <FormField
      label={t('form.email')}
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
