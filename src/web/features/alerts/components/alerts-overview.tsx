import { useTranslation } from '../../../lib/use-translation.ts';
import { useAlerts } from '../api.ts';
import { AlertItem } from './alert-item.tsx';

/** /alerts: the quota in use ("3 / 5 alerts") and each of my alerts with its state, actions and delivery log. */
export function AlertsOverview({ webhookAllowed, onFired }: { webhookAllowed: boolean; onFired?: () => void }) {
  const { t } = useTranslation('alerts');
  const alerts = useAlerts();
  if (alerts.isPending) return <p className="muted text-sm">…</p>;
  if (alerts.isError) {
    return (
      <p role="alert" className="text-sm">
        {t('loadError')} {alerts.error.message}
      </p>
    );
  }
  const { items, used, limit } = alerts.data;
  return (
    <div className="space-y-4" data-slot="alerts-overview">
      <p className="text-sm" data-slot="alerts-usage">
        <span className="muted">{t('usageLabel')}: </span>
        <strong>{limit < 0 ? t('usageUnlimited', { used }) : t('usage', { used, limit })}</strong>
      </p>
      {items.length === 0 ? (
        <p className="card muted p-6 text-center text-sm">{t('empty')}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((alert) => (
            <AlertItem key={alert.id} alert={alert} webhookAllowed={webhookAllowed} onFired={onFired} />
          ))}
        </ul>
      )}
    </div>
  );
}
