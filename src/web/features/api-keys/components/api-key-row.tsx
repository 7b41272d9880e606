import { useState } from 'react';
import type { ApiKey } from '../../../../shared/api/api-keys.schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRevokeApiKey } from '../api.ts';

/** One key: name, prefix, created, last used, state; Revoke asks for a confirmation in place. */
export function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('api');
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const revoked = apiKey.revokedAt !== null;
  return (
    <tr data-slot="api-key-row" data-revoked={revoked} className={revoked ? 'opacity-60' : undefined}>
      <td className="min-w-32 py-2 pr-3 font-medium">{apiKey.name}</td>
      <td className="py-2 pr-3 font-mono text-xs whitespace-nowrap">{apiKey.prefix}…</td>
      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(apiKey.createdAt)}</td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('keys.never')}
      </td>
      <td className="py-2 pr-3">
        {revoked ? t('keys.revoked', { time: formatDateTime(apiKey.revokedAt) }) : t('keys.active')}
      </td>
      <td className="py-2 text-right">
        {!revoked && !confirming && (
          <button
            type="button"
            className="btn-ghost text-red-700 dark:text-red-400"
            onClick={() => setConfirming(true)}
          >
            {t('revoke.action')}
          </button>
        )}
        {!revoked && confirming && (
          <div className="ml-auto flex max-w-xs flex-col items-end gap-2">
            <span className="text-right text-xs">{t('revoke.confirm', { name: apiKey.name })}</span>
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                {t('revoke.cancel')}
              </button>
              <button
                type="button"
                className="btn-primary bg-red-700 hover:bg-red-800"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(apiKey.id, { onSettled: () => setConfirming(false) })}
              >
                {t('revoke.yes')}
              </button>
            </div>
          </div>
        )}
      </td>
    </tr>
  );
}
