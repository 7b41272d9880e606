import { useId, useState } from 'react';
import type { ApiKeyListResponse, CreatedApiKey } from '../../../../shared/api/api-keys.schema.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateApiKey } from '../api.ts';
import { ApiKeyRow } from './api-key-row.tsx';
import { CreatedKeyNotice } from './created-key-notice.tsx';

/** This hour's calls of all my keys against the limit, and when the window resets. */
function UsageCard({ usage }: { usage: ApiKeyListResponse['usage'] }) {
  const { t } = useTranslation('api');
  const share = usage.limit > 0 ? Math.min(1, usage.used / usage.limit) : 0;
  return (
    <section className="card space-y-2 p-4" data-slot="api-usage" aria-labelledby="api-usage-title">
      <h2 id="api-usage-title" className="font-semibold">
        {t('usage.title')}
      </h2>
      <p className="text-lg font-semibold tabular-nums">
        {t('usage.calls', { used: formatInteger(usage.used), limit: formatInteger(usage.limit) })}
      </p>
      <div className="h-2 rounded bg-gray-200 dark:bg-gray-800" aria-hidden="true">
        <div className="h-2 rounded bg-blue-600" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="muted text-sm">
        {t('usage.resetsAt', { time: formatDateTime(usage.resetsAt) })} · {t('usage.shared')}
      </p>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('api');
  const id = useId();
  const create = useCreateApiKey();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name.trim(), {
          onSuccess: (created) => {
            setName('');
            onCreated(created);
          },
        });
      }}
    >
      <label htmlFor={id} className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
        {t('create.label')}
        <input
          id={id}
          className="input"
          value={name}
          maxLength={60}
          required
          placeholder={t('create.placeholder')}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={create.isPending || name.trim() === ''}>
        {create.isPending ? t('create.creating') : t('create.submit')}
      </button>
      {create.isError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorText(create.error)}
        </p>
      )}
    </form>
  );
}

/** A curl call of the public API against this site, with the key left for the reader to fill in. */
function CurlExample() {
  const { t } = useTranslation('api');
  const origin = window.location.origin;
  const command = `curl -H "Authorization: Bearer ${t('example.keyPlaceholder')}" \\\n  "${origin}/api/v1/projects?sort=heat&limit=5"`;
  return (
    <section className="card space-y-2 p-4" aria-labelledby="api-example-title">
      <h2 id="api-example-title" className="font-semibold">
        {t('example.title')}
      </h2>
      <p className="muted text-sm">{t('example.intro')}</p>
      <pre data-slot="curl-example" className="overflow-x-auto rounded bg-gray-900 p-3 text-xs text-gray-100">
        <code>{command}</code>
      </pre>
      <a className="link text-sm" href="/api/docs" target="_blank" rel="noreferrer">
        {t('example.docs')}
      </a>
    </section>
  );
}

/**
 * /api-access: usage this hour, my keys (create when `allowed`, revoke always: a lapsed vip can still revoke) and the
 * curl example. A new key is shown once, until "Done".
 */
export function ApiKeysPanel({ data }: { data: ApiKeyListResponse }) {
  const { t } = useTranslation('api');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const active = data.items.filter((k) => k.revokedAt === null).length;
  return (
    <div className="space-y-6" data-slot="api-keys-panel">
      {data.allowed && <UsageCard usage={data.usage} />}
      <section className="card space-y-4 p-4" aria-labelledby="api-keys-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="api-keys-title" className="font-semibold">
            {t('keys.title')}
          </h2>
          <span className="muted text-sm">{t('keys.activeCount', { count: active, max: data.maxActive })}</span>
        </div>
        {created && <CreatedKeyNotice created={created} onDone={() => setCreated(null)} />}
        {data.allowed &&
          !created &&
          (active < data.maxActive ? (
            <CreateKeyForm onCreated={setCreated} />
          ) : (
            <p className="muted text-sm">{t('create.limitReached', { max: data.maxActive })}</p>
          ))}
        {data.items.length === 0 ? (
          <p className="muted text-sm">{t('keys.empty')}</p>
        ) : (
          // relative: the header's sr-only label is absolutely positioned; without a positioned scroll box it escapes
          // the box and widens the whole page on a phone.
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="muted text-xs">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('keys.name')}</th>
                  <th className="py-1 pr-3 font-medium">{t('keys.prefix')}</th>
                  <th className="py-1 pr-3 font-medium">{t('keys.created')}</th>
                  <th className="py-1 pr-3 font-medium">{t('keys.lastUsed')}</th>
                  <th className="py-1 pr-3 font-medium">{t('keys.status')}</th>
                  <th className="py-1">
                    <span className="sr-only">{t('revoke.action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                {data.items.map((key) => (
                  <ApiKeyRow key={key.id} apiKey={key} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {data.allowed && <CurlExample />}
    </div>
  );
}
