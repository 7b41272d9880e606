import { useState } from 'react';
import { Link } from 'react-router';
import type { SocialAccount, SocialUsageResponse } from '../../../../shared/api/social-accounts.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  useDeleteSocialAccount,
  useSetSocialAccountActive,
  useSocialAccounts,
  useSocialUsage,
} from '../accounts-api.ts';
import { AccountForm } from './account-form.tsx';
import { AccountUsageChart } from './account-usage-chart.tsx';
import { AdminItemList } from './admin-item-list.tsx';

/** Spec §9: usage statistics over 7 days by default. */
const USAGE_WINDOWS = [7, 14, 30] as const;

function statusOf(account: SocialAccount): 'active' | 'rateLimited' | 'disabled' | 'expired' {
  if (account.expiresAt && new Date(account.expiresAt).getTime() <= Date.now()) return 'expired';
  if (account.isActive) return 'active';
  return account.disabledReason === 'rate_limited' ? 'rateLimited' : 'disabled';
}

function AccountRow({ account, errors, days }: { account: SocialAccount; errors: number; days: number }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const setActive = useSetSocialAccountActive();
  const remove = useDeleteSocialAccount();
  const [confirming, setConfirming] = useState(false);
  const status = statusOf(account);
  const share = Math.min(1, account.dailyUsage / Math.max(1, account.dailyLimit));
  return (
    <li className="space-y-2 py-3" data-slot="account-row" data-label={account.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words font-medium">
          {account.label}{' '}
          <span className="muted text-xs" data-slot="account-status">
            {t(`accounts.status.${status}`)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {account.isActive ? (
            <button
              type="button"
              className="btn-secondary"
              disabled={setActive.isPending}
              onClick={() => setActive.mutate({ id: account.id, active: false })}
            >
              {t('accounts.disable')}
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary"
              disabled={setActive.isPending}
              onClick={() => setActive.mutate({ id: account.id, active: true })}
            >
              {t('accounts.enable')}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('accounts.delete')}
          </button>
        </div>
        {confirming && (
          <ConfirmDialog
            title={t('accounts.confirmDelete', { label: account.label })}
            confirmLabel={t('accounts.delete')}
            cancelLabel={t('accounts.cancel')}
            danger
            onConfirm={() => {
              setConfirming(false);
              remove.mutate(account.id);
            }}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>
      <div className="flex items-center gap-2 text-sm">
        <div className="h-2 flex-1 rounded bg-slate-200 dark:bg-slate-800" aria-hidden="true">
          <div className="h-2 rounded bg-blue-600" style={{ width: `${share * 100}%` }} />
        </div>
        <span className="tabular-nums" data-slot="account-usage">
          {t('accounts.dailyUsage', {
            used: formatInteger(account.dailyUsage),
            limit: formatInteger(account.dailyLimit),
          })}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        <div className="flex gap-1">
          <dt className="muted">{t('accounts.lastUsed')}</dt>
          <dd>{formatDateTime(account.lastUsed)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="muted">{t('accounts.errors', { days })}</dt>
          <dd className="tabular-nums">{formatInteger(errors)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="muted">{t('accounts.expiresAt')}</dt>
          <dd>{account.expiresAt ? formatDateTime(account.expiresAt) : t('accounts.never')}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="muted">{t('accounts.credentials')}</dt>
          <dd>
            {[account.hasBearerToken && t('accounts.hasBearer'), account.hasApiKey && t('accounts.hasApiKey')]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </div>
        {account.disabledReason && (
          <div className="flex gap-1 sm:col-span-2">
            <dt className="muted">{t('accounts.disabledReason')}</dt>
            <dd>
              {t(`accounts.reasons.${account.disabledReason}`)}
              {account.rateLimitedUntil &&
                ` · ${t('accounts.rateLimitedUntil', { time: formatDateTime(account.rateLimitedUntil) })}`}
            </dd>
          </div>
        )}
      </dl>
      {(setActive.isError || remove.isError) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(setActive.error ?? remove.error)}
        </p>
      )}
    </li>
  );
}

function UsageSection({
  days,
  onDays,
  usage,
}: {
  days: number;
  onDays: (d: number) => void;
  usage: ReturnType<typeof useSocialUsage>;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  return (
    <section className="card min-w-0 space-y-3 p-4" aria-labelledby="accounts-usage">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="accounts-usage" className="font-semibold">
          {t('accounts.usage.title')}
        </h3>
        <label className="flex items-center gap-2 text-sm">
          {t('accounts.usage.window')}
          <select className="input" value={days} onChange={(e) => onDays(Number(e.target.value))}>
            {USAGE_WINDOWS.map((d) => (
              <option key={d} value={d}>
                {t('accounts.usage.days', { days: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {usage.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : usage.isError ? (
        <ErrorPanel title={t('accounts.usage.title')} message={errorText(usage.error)} />
      ) : (
        <AccountUsageChart items={usage.data.items} days={days} />
      )}
    </section>
  );
}

const errorsByAccount = (items: SocialUsageResponse['items'] | undefined) => {
  const map = new Map<string, number>();
  for (const item of items ?? []) map.set(item.accountId, (map.get(item.accountId) ?? 0) + item.errors);
  return map;
};

/** The "accounts" tab: the X API account pool (spec §3, §4, §9) and its usage over 7, 14 or 30 days. */
export function AccountsTab() {
  const { t } = useTranslation('admin');
  const accounts = useSocialAccounts();
  const [days, setDays] = useState<number>(USAGE_WINDOWS[0]);
  const usage = useSocialUsage(days);
  const errors = errorsByAccount(usage.data?.items);
  return (
    <div className="space-y-4">
      <section className="card space-y-3 p-4" aria-labelledby="accounts-list">
        <h3 id="accounts-list" className="font-semibold">
          {t('accounts.list')}
        </h3>
        <p className="muted text-sm">
          {t('accounts.intro')}{' '}
          <Link className="link" to="/twitter-debug">
            {t('accounts.debugLink')}
          </Link>
        </p>
        <AdminItemList
          query={accounts}
          title={t('accounts.list')}
          emptyText={t('accounts.empty')}
          renderItem={(account) => (
            <AccountRow key={account.id} account={account} errors={errors.get(account.id) ?? 0} days={days} />
          )}
        />
      </section>
      <section className="card space-y-3 p-4" aria-labelledby="accounts-add">
        <h3 id="accounts-add" className="font-semibold">
          {t('accounts.addTitle')}
        </h3>
        <AccountForm />
      </section>
      <UsageSection days={days} onDays={setDays} usage={usage} />
    </div>
  );
}
