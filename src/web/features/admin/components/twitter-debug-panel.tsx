import { useId, useState } from 'react';
import {
  X_DEBUG_ENDPOINTS,
  type XDebugEndpoint,
  type XDebugResponse,
} from '../../../../shared/api/twitter-debug.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSecretKeyMissing } from '../system-api.ts';
import { useTwitterDebug } from '../twitter-debug-api.ts';
import { SecretKeyNotice } from './config-notice.tsx';

/** The failure as the server worded it (localised by ?lang=, with the account's label), and its code. */
function DebugError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const apiError = error instanceof ApiError ? error : null;
  const details = apiError?.details as { account?: { id: string; label: string } | null } | undefined;
  return (
    <div role="alert" className="card space-y-1 border-red-300 p-4 text-sm" data-slot="debug-error">
      <p className="font-semibold text-red-700 dark:text-red-400">
        {apiError?.code.startsWith('X_') ? apiError.message : errorText(error)}
      </p>
      {apiError && (
        <p className="muted text-xs">{t('twitterDebug.errorCode', { code: apiError.code, status: apiError.status })}</p>
      )}
      {details?.account && (
        <p className="muted text-xs">
          {t('twitterDebug.account', { label: details.account.label, id: details.account.id })}
        </p>
      )}
    </div>
  );
}

function DebugResult({ result }: { result: XDebugResponse }) {
  const { t } = useTranslation('admin');
  const query = new URLSearchParams(result.request.query).toString();
  return (
    <div className="space-y-4" data-slot="debug-result">
      <p className="text-sm">
        {t('twitterDebug.account', { label: result.account.label, id: result.account.id })} ·{' '}
        {t('twitterDebug.duration', { ms: formatInteger(result.durationMs) })} · {formatDateTime(result.asOf)}
      </p>
      <p className="break-all text-xs">
        <code>
          GET {result.request.path}?{query}
        </code>
      </p>
      <section className="card min-w-0 space-y-2 p-4">
        <h3 className="font-semibold">{t('twitterDebug.mapped')}</h3>
        {result.mapped ? (
          <pre className="overflow-x-auto text-xs" data-slot="debug-mapped">
            {JSON.stringify(result.mapped, null, 2)}
          </pre>
        ) : (
          <p className="text-sm text-red-700 dark:text-red-400">{result.mappingError}</p>
        )}
      </section>
      <section className="card min-w-0 space-y-2 p-4">
        <h3 className="font-semibold">{t('twitterDebug.raw')}</h3>
        <pre className="max-h-96 overflow-auto text-xs" data-slot="debug-raw">
          {JSON.stringify(result.raw, null, 2)}
        </pre>
      </section>
    </div>
  );
}

/**
 * /twitter-debug: run one of the three X endpoints for a handle (the request ingestion makes) or, for search and
 * counts, a query as written; shows X's raw answer, what ingestion maps it to, and which pool account served it.
 */
export function TwitterDebugPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const debug = useTwitterDebug();
  const [endpoint, setEndpoint] = useState<XDebugEndpoint>('user');
  const [mode, setMode] = useState<'username' | 'query'>('username');
  const [value, setValue] = useState('');
  const usesQuery = endpoint !== 'user' && mode === 'query';
  const secretMissing = useSecretKeyMissing() === true;
  return (
    <div className="space-y-4">
      <SecretKeyNotice />
      <form
        aria-disabled={secretMissing || undefined}
        className="card flex flex-wrap items-end gap-3 p-4"
        data-slot="debug-form"
        onSubmit={(event) => {
          event.preventDefault();
          debug.mutate(usesQuery ? { endpoint, query: value } : { endpoint, username: value });
        }}
      >
        <label htmlFor={`${id}-endpoint`} className="flex flex-col gap-1 text-sm">
          {t('twitterDebug.endpoint')}
          <select
            id={`${id}-endpoint`}
            className="input"
            value={endpoint}
            onChange={(e) => setEndpoint(e.target.value as XDebugEndpoint)}
          >
            {X_DEBUG_ENDPOINTS.map((e) => (
              <option key={e} value={e}>
                {t(`twitterDebug.endpoints.${e}`)}
              </option>
            ))}
          </select>
        </label>
        {endpoint !== 'user' && (
          <label htmlFor={`${id}-mode`} className="flex flex-col gap-1 text-sm">
            {t('twitterDebug.mode')}
            <select
              id={`${id}-mode`}
              className="input"
              value={mode}
              onChange={(e) => setMode(e.target.value as 'username' | 'query')}
            >
              <option value="username">{t('twitterDebug.modes.username')}</option>
              <option value="query">{t('twitterDebug.modes.query')}</option>
            </select>
          </label>
        )}
        <label htmlFor={`${id}-value`} className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          {usesQuery ? t('twitterDebug.query') : t('twitterDebug.username')}
          <input
            id={`${id}-value`}
            className="input"
            required
            maxLength={usesQuery ? 512 : 16}
            placeholder={usesQuery ? '#defi -is:retweet' : '@aave'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className="btn-primary"
          disabled={secretMissing || debug.isPending || value.trim() === ''}
        >
          {debug.isPending ? t('twitterDebug.running') : t('twitterDebug.run')}
        </button>
        <p className="muted w-full text-xs">{t('twitterDebug.hint')}</p>
      </form>
      {debug.isError && <DebugError error={debug.error} />}
      {debug.isSuccess && <DebugResult result={debug.data} />}
    </div>
  );
}
