import { useState } from 'react';
import { Link } from 'react-router';
import type { Alert } from '../../../../shared/api/alerts.schema.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteAlert, useUpdateAlert } from '../api.ts';
import { conditionText, lastValueText, stateHint } from '../condition.ts';
import { AlertEditor } from './alert-editor.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { SecretNotice } from './secret-notice.tsx';

const targetHref = (alert: Alert) =>
  alert.targetType === 'project'
    ? `/project/${encodeURIComponent(alert.targetId)}`
    : `/sectors/${encodeURIComponent(alert.targetId)}`;

function StateBadge({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const [key, tone] = !alert.isActive
    ? ['paused', 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300']
    : alert.state === 'fired'
      ? ['fired', 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200']
      : ['armed', 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`} data-state={key}>
      {t(`state.${key}`)}
    </span>
  );
}

/** One alert: target, condition in words, state, last value and trigger, and its actions. */
type AlertItemProps = {
  alert: Alert;
  webhookAllowed: boolean;
  /** A new threshold was met at once: the alert fired, and its notification is new. */
  onFired?: () => void;
};

export function AlertItem({ alert, webhookAllowed, onFired }: AlertItemProps) {
  const { t } = useTranslation('alerts');
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const error = update.error ?? remove.error;

  const channels = [t('channels.inApp'), alert.email && t('channels.email'), alert.webhookUrl && t('channels.webhook')]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="card space-y-3 p-4" data-slot="alert-item" data-alert-id={alert.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={targetHref(alert)} className="link font-semibold">
            {alert.targetName}
          </Link>
          <span className="muted ml-2 text-xs">{t(`target.${alert.targetType}`)}</span>
          <p className="text-sm" data-slot="alert-condition">
            {conditionText(t, alert.kind, alert.threshold)}
          </p>
        </div>
        <StateBadge alert={alert} />
      </div>
      <p className="muted text-xs" data-slot="alert-state-hint">
        {stateHint(t, alert)}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="muted text-xs">{t('table.lastValue')}</dt>
          {alert.lastEvaluatedAt === null ? (
            <dd>{t('state.baseline')}</dd>
          ) : (
            <dd>
              <span data-slot="alert-last-value">{lastValueText(t, alert)}</span>
              <span className="muted block text-xs">
                {t('table.checkedAt', { time: formatDateTime(alert.lastEvaluatedAt) })}
              </span>
            </dd>
          )}
        </div>
        <div>
          <dt className="muted text-xs">{t('table.lastTriggered')}</dt>
          <dd data-slot="alert-last-triggered">
            {alert.lastTriggeredAt ? formatDateTime(alert.lastTriggeredAt) : t('never')}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="muted text-xs">{t('table.channels')}</dt>
          <dd className="break-all">
            {channels}
            {alert.webhookUrl && <span className="muted block text-xs">{alert.webhookUrl}</span>}
          </dd>
        </div>
      </dl>
      {editing && (
        <AlertEditor
          alert={alert}
          webhookAllowed={webhookAllowed}
          onCancel={() => setEditing(false)}
          onSaved={(newSecret, saved) => {
            setEditing(false);
            setSecret(newSecret);
            if (saved.lastTriggeredAt !== alert.lastTriggeredAt) onFired?.();
          }}
        />
      )}
      {secret && <SecretNotice secret={secret} />}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-xs"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: alert.id, isActive: !alert.isActive })}
        >
          {alert.isActive ? t('actions.pause') : t('actions.resume')}
        </button>
        {!editing && (
          <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={() => setEditing(true)}>
            {t('actions.edit')}
          </button>
        )}
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-xs"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? t('actions.hideDeliveries') : t('actions.deliveries')}
        </button>
        <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={() => setConfirming(true)}>
          {t('actions.delete')}
        </button>
        {confirming && (
          <ConfirmDialog
            title={t('actions.confirmDelete')}
            confirmLabel={t('actions.delete')}
            cancelLabel={t('actions.cancel')}
            danger
            busy={remove.isPending}
            error={remove.error?.message}
            onConfirm={() => remove.mutate(alert.id)}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      )}
      {showLog && <DeliveryLog alertId={alert.id} />}
    </li>
  );
}
