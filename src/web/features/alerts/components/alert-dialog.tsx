import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { Alert } from '../../../../shared/api/alerts.schema.ts';
import { ALERT_KINDS_BY_TARGET, type AlertKind, type AlertTargetType } from '../../../../shared/api/alerts.values.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateAlert } from '../api.ts';
import { DEFAULT_THRESHOLD, THRESHOLD_INPUT } from '../condition.ts';
import { SecretNotice } from './secret-notice.tsx';

export type AlertTarget = { type: AlertTargetType; id: string; name: string };

type AlertDialogProps = {
  target: AlertTarget;
  /** Told of the created alert (the page refreshes the bell when it fired at once). */
  onCreated?: (alert: Alert) => void;
  /** vip (the viewer's level, test mode included): the webhook field; otherwise a note that it is vip. */
  webhookAllowed: boolean;
  onClose: () => void;
};

/**
 * The create-alert dialog of a project or sector page: the kinds the target allows, a threshold with its unit, e-mail
 * and (vip) a webhook URL. A webhook's signing secret is shown once, after creation; the server decides everything.
 */
export function AlertDialog({ target, webhookAllowed, onClose, onCreated }: AlertDialogProps) {
  const { t } = useTranslation('alerts');
  const kinds = ALERT_KINDS_BY_TARGET[target.type];
  const [kind, setKind] = useState<AlertKind>(kinds[0] ?? 'heat_above');
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD[kinds[0] ?? 'heat_above'] ?? ''));
  const [email, setEmail] = useState(false);
  const [webhookUrl, setWebhookUrl] = useState('');
  const create = useCreateAlert();
  const secret = create.data?.webhookSecret ?? null;
  const created = create.data?.alert;

  function handleKind(next: AlertKind) {
    setKind(next);
    setThreshold(String(DEFAULT_THRESHOLD[next] ?? ''));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        targetType: target.type,
        targetId: target.id,
        kind,
        threshold: kind === 'trend_change' ? null : Number(threshold),
        email,
        ...(webhookAllowed && webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
      },
      { onSuccess: (answer) => onCreated?.(answer.alert) },
    );
  }

  const input = kind === 'trend_change' ? null : THRESHOLD_INPUT[kind];
  return (
    <Modal title={t('dialog.title', { name: target.name })} onClose={onClose} slot="alert-dialog" wide>
      {(close) =>
        create.isSuccess ? (
          <div className="space-y-4">
            <p role="status" className="text-sm">
              {t('dialog.created')}{' '}
              {!created || created.lastEvaluatedAt === null
                ? t('dialog.createdWaiting')
                : created.state === 'fired'
                  ? t('dialog.createdFired')
                  : t('dialog.createdArmed')}
            </p>
            {secret && <SecretNotice secret={secret} />}
            <div className="flex flex-wrap justify-end gap-2">
              <Link to="/alerts" className="btn-secondary">
                {t('dialog.viewAll')}
              </Link>
              <button type="button" className="btn-primary" onClick={close}>
                {t('dialog.close')}
              </button>
            </div>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={handleSubmit} noValidate>
            <label className="block space-y-1 text-sm">
              <span className="font-medium">{t('dialog.kind')}</span>
              <select
                className="input w-full"
                value={kind}
                onChange={(event) => handleKind(event.target.value as AlertKind)}
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            {input && kind !== 'trend_change' && (
              <label className="block space-y-1 text-sm">
                <span className="font-medium">{t('dialog.threshold')}</span>
                <span className="flex items-center gap-2">
                  <input
                    type="number"
                    inputMode="decimal"
                    className="input w-32"
                    required
                    min={input.min}
                    max={input.max}
                    step={input.step}
                    value={threshold}
                    onChange={(event) => setThreshold(event.target.value)}
                  />
                  <span className="muted">{t(`units.${kind}`)}</span>
                </span>
              </label>
            )}
            <div className="space-y-1 text-sm">
              <p className="muted">{t('dialog.inApp')}</p>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} />
                {t('dialog.email')}
              </label>
            </div>
            {webhookAllowed ? (
              <label className="block space-y-1 text-sm">
                <span className="font-medium">{t('dialog.webhook')}</span>
                <input
                  type="url"
                  className="input w-full"
                  placeholder="https://"
                  value={webhookUrl}
                  onChange={(event) => setWebhookUrl(event.target.value)}
                />
                <span className="muted block text-xs">{t('dialog.webhookHint')}</span>
              </label>
            ) : (
              <p className="muted text-xs">{t('dialog.webhookLocked')}</p>
            )}
            {create.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {create.error.message}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={close}>
                {t('dialog.cancel')}
              </button>
              <button type="submit" className="btn-primary" disabled={create.isPending}>
                {create.isPending ? t('dialog.creating') : t('dialog.create')}
              </button>
            </div>
          </form>
        )
      }
    </Modal>
  );
}
