import type { ConfigItem } from '../../../../shared/api/admin-config.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminConfig, useSecretKeyMissing } from '../system-api.ts';

function ConfigRow({ item }: { item: ConfigItem }) {
  const { t } = useTranslation('admin');
  const state = item.configured ? 'configured' : item.required ? 'notConfigured' : 'optional';
  const tone =
    state === 'configured'
      ? 'text-emerald-700 dark:text-emerald-400'
      : state === 'notConfigured'
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-slate-600 dark:text-slate-400';
  return (
    <li className="min-w-0 space-y-0.5" data-slot="config-item" data-feature={item.feature} data-state={state}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium">{t(`config.features.${item.feature}.name`)}</span>
        <span className={`text-xs font-semibold ${tone}`}>{t(`config.${state}`)}</span>
      </p>
      <p className="muted text-xs break-words">{t(`config.features.${item.feature}.effect`)}</p>
      {!item.configured && (
        <p className="text-xs break-words">
          {t('config.set')}{' '}
          {item.variables.map((name, i) => (
            <span key={name}>
              {i > 0 && ', '}
              <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">{name}</code>
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/**
 * /admin, above the tabs: what needs a setting — SECRET_KEY, SMTP, Stripe, a language model, a GitHub
 * token, X accounts… — and the variable to set, before any form is filled in. What is configured folds away.
 */
export function ConfigNotice() {
  const { t } = useTranslation('admin');
  const config = useAdminConfig();
  if (!config.data) return null; // the tabs work without it; a failure here is no reason to hide them
  const missing = config.data.items.filter((item) => !item.configured);
  // The summary counts what stops a feature; an optional key (more rate limit) is listed without counting.
  const needed = missing.filter((item) => item.required);
  const ready = config.data.items.filter((item) => item.configured);
  return (
    <section className="card space-y-3 p-4" aria-labelledby="admin-config-title" data-slot="config-notice">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-config-title" className="font-semibold">
          {t('config.title')}
        </h2>
        <span className="muted text-xs">
          {needed.length === 0
            ? t('config.allSet')
            : t('config.summary', { missing: needed.length, total: config.data.items.length })}
        </span>
      </div>
      <p className="muted text-xs">{t('config.intro')}</p>
      {missing.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {missing.map((item) => (
            <ConfigRow key={item.feature} item={item} />
          ))}
        </ul>
      )}
      {ready.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm">{t('config.showConfigured', { count: ready.length })}</summary>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {ready.map((item) => (
              <ConfigRow key={item.feature} item={item} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** Above the X-account form and /twitter-debug: "SECRET_KEY is not configured", before anything is typed. */
export function SecretKeyNotice() {
  const { t } = useTranslation('admin');
  if (!useSecretKeyMissing()) return null;
  return (
    <p
      role="status"
      data-slot="secret-key-missing"
      className="rounded border border-amber-300 bg-amber-50 p-3 text-sm break-words text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      {t('config.secretKeyMissing')}
    </p>
  );
}
