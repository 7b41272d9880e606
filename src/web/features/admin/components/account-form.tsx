import { useId, useState } from 'react';
import type { CreateSocialAccountBody } from '../../../../shared/api/social-accounts.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateSocialAccount } from '../accounts-api.ts';
import { useSecretKeyMissing } from '../system-api.ts';
import { SecretKeyNotice } from './config-notice.tsx';

const EMPTY = { label: '', bearerToken: '', apiKey: '', apiSecret: '', dailyLimit: '300', expiresAt: '' };

/**
 * Adds an X API account: a bearer token, or an API key and secret (client credentials). Secrets are password inputs,
 * cleared once sent: the server stores them encrypted and never sends them back.
 */
export function AccountForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const errorText = useErrorText();
  const create = useCreateSocialAccount();
  // Without SECRET_KEY the server refuses every account: said up front, the form disabled.
  const secretMissing = useSecretKeyMissing() === true;
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const field = (key: keyof typeof EMPTY, input: React.ReactNode) => (
    <label htmlFor={`${id}-${key}`} className="flex min-w-0 flex-col gap-1 text-sm">
      {t(`accounts.fields.${key}`)}
      {input}
    </label>
  );
  const secret = (key: 'bearerToken' | 'apiKey' | 'apiSecret') =>
    field(
      key,
      <input
        id={`${id}-${key}`}
        className="input"
        type="password"
        autoComplete="off"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />,
    );
  return (
    <>
      <SecretKeyNotice />
      <form
        className="grid gap-3 sm:grid-cols-2"
        data-slot="account-form"
        aria-disabled={secretMissing || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          const body: CreateSocialAccountBody = { label: values.label.trim() };
          if (values.bearerToken) body.bearerToken = values.bearerToken;
          if (values.apiKey) body.apiKey = values.apiKey;
          if (values.apiSecret) body.apiSecret = values.apiSecret;
          if (values.dailyLimit) body.dailyLimit = Number(values.dailyLimit);
          if (values.expiresAt) body.expiresAt = new Date(values.expiresAt).toISOString();
          create.mutate(body, { onSuccess: () => setValues(EMPTY) });
        }}
      >
        {field(
          'label',
          <input
            id={`${id}-label`}
            className="input"
            required
            maxLength={80}
            value={values.label}
            onChange={(e) => set('label', e.target.value)}
          />,
        )}
        {secret('bearerToken')}
        {secret('apiKey')}
        {secret('apiSecret')}
        {field(
          'dailyLimit',
          <input
            id={`${id}-dailyLimit`}
            className="input"
            type="number"
            min={1}
            max={100000}
            value={values.dailyLimit}
            onChange={(e) => set('dailyLimit', e.target.value)}
          />,
        )}
        {field(
          'expiresAt',
          <input
            id={`${id}-expiresAt`}
            className="input"
            type="datetime-local"
            value={values.expiresAt}
            onChange={(e) => set('expiresAt', e.target.value)}
          />,
        )}
        <p className="muted text-xs sm:col-span-2">{t('accounts.secretHint')}</p>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="btn-primary"
            disabled={secretMissing || create.isPending || values.label.trim() === ''}
          >
            {t('accounts.add')}
          </button>
        </div>
        {create.isError && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {errorText(create.error)}
          </p>
        )}
      </form>
    </>
  );
}
