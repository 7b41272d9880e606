import { type FormEvent, useState } from 'react';
import type { Alert, UpdateAlertBody } from '../../../../shared/api/alerts.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUpdateAlert } from '../api.ts';
import { THRESHOLD_INPUT } from '../condition.ts';

type AlertEditorProps = {
  alert: Alert;
  /** vip: the webhook URL can be set, changed or cleared here. */
  webhookAllowed: boolean;
  onCancel: () => void;
  /** Saved; `secret` is a new webhook's signing secret (shown once), else null; `saved` the alert as it is now. */
  onSaved: (secret: string | null, saved: Alert) => void;
};

/** Edit an alert's threshold, e-mail and (vip) webhook; only changed fields are sent (a new threshold: checked now). */
export function AlertEditor({ alert, webhookAllowed, onCancel, onSaved }: AlertEditorProps) {
  const { t } = useTranslation('alerts');
  const update = useUpdateAlert();
  const [threshold, setThreshold] = useState(String(alert.threshold ?? ''));
  const [email, setEmail] = useState(alert.email);
  const [webhookUrl, setWebhookUrl] = useState(alert.webhookUrl ?? '');
  const input = alert.kind === 'trend_change' ? null : THRESHOLD_INPUT[alert.kind];

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const changes: UpdateAlertBody = {};
    if (input && Number(threshold) !== alert.threshold) changes.threshold = threshold === '' ? null : Number(threshold);
    if (email !== alert.email) changes.email = email;
    const url = webhookUrl.trim();
    if (webhookAllowed && url !== (alert.webhookUrl ?? '')) changes.webhookUrl = url || null;
    update.mutate({ id: alert.id, ...changes }, { onSuccess: (answer) => onSaved(answer.webhookSecret, answer.alert) });
  }

  return (
    <form className="space-y-3 text-sm" onSubmit={handleSubmit} noValidate data-slot="alert-editor">
      {input && (
        <label className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{t('dialog.threshold')}</span>
          <input
            type="number"
            className="input w-28"
            min={input.min}
            max={input.max}
            step={input.step}
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
          />
          <span className="muted">{t(`units.${alert.kind}`)}</span>
        </label>
      )}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} />
        {t('dialog.email')}
      </label>
      {webhookAllowed && (
        <label className="block space-y-1">
          <span className="font-medium">{t('dialog.webhook')}</span>
          <input
            type="url"
            className="input w-full"
            placeholder="https://"
            value={webhookUrl}
            onChange={(event) => setWebhookUrl(event.target.value)}
          />
          <span className="muted block text-xs">{t('editor.webhookHint')}</span>
        </label>
      )}
      {update.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {update.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-3 py-1 text-xs" disabled={update.isPending}>
          {t('actions.save')}
        </button>
        <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
