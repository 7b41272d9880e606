import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAlertDeliveries } from '../api.ts';

/** One alert's deliveries beyond the in-app notice (e-mail, webhook), newest first, the last 50. */
export function DeliveryLog({ alertId }: { alertId: string }) {
  const { t } = useTranslation('alerts');
  const log = useAlertDeliveries(alertId, true);
  return (
    <section className="space-y-2 border-t border-gray-200 pt-3 dark:border-gray-800" data-slot="delivery-log">
      <h3 className="text-sm font-semibold">{t('deliveries.title')}</h3>
      {log.isPending && <p className="muted text-sm">…</p>}
      {log.isError && (
        <p role="alert" className="text-sm">
          {t('deliveries.loadError')}
        </p>
      )}
      {log.isSuccess && log.data.items.length === 0 && <p className="muted text-sm">{t('deliveries.empty')}</p>}
      {log.isSuccess && log.data.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <thead className="muted">
              <tr>
                <th className="py-1 pr-3 font-medium">{t('deliveries.time')}</th>
                <th className="py-1 pr-3 font-medium">{t('deliveries.channel')}</th>
                <th className="py-1 pr-3 font-medium">{t('deliveries.status')}</th>
                <th className="py-1 pr-3 font-medium">{t('deliveries.attempts')}</th>
                <th className="py-1 font-medium">{t('deliveries.response')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((d) => (
                <tr key={d.id} className="border-t border-gray-100 dark:border-gray-800">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(d.deliveredAt ?? d.createdAt)}</td>
                  <td className="py-1 pr-3">{t(`channels.${d.channel}`)}</td>
                  <td className="py-1 pr-3">
                    {t(`deliveries.statuses.${d.status}`)}
                    {d.status === 'pending' && d.nextAttemptAt && (
                      <span className="muted block">
                        {t('deliveries.nextAttempt', { time: formatDateTime(d.nextAttemptAt) })}
                      </span>
                    )}
                  </td>
                  <td className="py-1 pr-3">{d.attempts}</td>
                  <td className="py-1 break-all">
                    {[d.lastStatusCode, d.lastError].filter((x) => x !== null && x !== '').join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
