import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export type AuthValues = { email: string; password: string; confirmPassword: string; acceptTerms: boolean };
export type FieldErrors = Partial<Record<keyof AuthValues | 'token', string>>;

/** Catalogue keys in schema messages are "auth.validation.x"; i18next wants "auth:validation.x". */
const toI18nKey = (key: string) => key.replace(/^(\w+)\./, '$1:');

/**
 * The state every auth form shares: values, field errors (from the API's own zod schema first, then from the server's
 * VALIDATION_FAILED details), a form-level error and a notice. `submit` validates with `schema`, then runs `send`.
 */
export function useAuthForm<S extends z.ZodType>(schema: S, initialNotice?: string) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [values, setValues] = useState<AuthValues>({
    email: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [notice, setNotice] = useState<string | undefined>(initialNotice);

  // Editing a field clears its error: a message about the old value would mislead.
  const set = (key: keyof AuthValues) => (value: string | boolean) => {
    setValues((old) => ({ ...old, [key]: value }));
    setFieldErrors((old) => (old[key] ? { ...old, [key]: undefined } : old));
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
      const next: FieldErrors = {};
      for (const issue of error.details as { field: string; message: string }[]) {
        next[issue.field as keyof FieldErrors] ??= issue.message;
      }
      setFieldErrors(next);
      return;
    }
    // A locked account: say where the way back is (the unlock link was e-mailed when the lock began).
    const locked = error instanceof ApiError && error.code === 'ACCOUNT_LOCKED';
    setFormError(locked ? `${errorText(error)}. ${t('form.locked')}` : errorText(error));
  };

  const submit = (input: unknown, send: (body: z.infer<S>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setNotice(undefined);
    const parsed = schema.safeParse(input);
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
      await send(parsed.data);
    } catch (error) {
      showFailure(error);
    }
  };

  return { values, set, fieldErrors, formError, notice, setNotice, submit };
}
