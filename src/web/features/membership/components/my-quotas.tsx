import type { QuotaUsage } from '../../../../shared/api/usage.schema.ts';
import { UNLIMITED } from '../../../../shared/membership/level.ts';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** This viewer's usage of each quota: used / limit and when the window resets (a visitor: counted by IP). */
export function MyQuotas({ quotas, zoneLabel }: { quotas: readonly QuotaUsage[]; zoneLabel: string }) {
  const { t } = useTranslation('membership');
  return (
    <section aria-labelledby="my-quotas" className="min-w-0 space-y-3" data-slot="my-quotas">
      <h2 id="my-quotas" className="text-lg font-semibold">
        {t('usage.title')}
      </h2>
      <div className="card overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('usage.caption')}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
            <tr>
              <th scope="col" className="px-3 py-3 text-left font-medium sm:px-4">
                {t('quotas.quota')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium sm:px-4">
                {t('usage.used')}
              </th>
              <th scope="col" className="px-3 py-3 text-left font-medium sm:px-4">
                {t('usage.resets')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {quotas.map((q) => (
              <tr key={q.quota} data-quota={q.quota}>
                <th scope="row" className="px-3 py-2.5 text-left font-normal sm:px-4">
                  {t(`quotas.${q.quota}`)}
                </th>
                <td className="px-3 py-2.5 text-right tabular-nums sm:px-4" data-slot="quota-value">
                  {q.limit === 0 ? (
                    <span className="muted">{t('quotas.none')}</span>
                  ) : (
                    t('usage.ofLimit', {
                      used: formatInteger(q.used),
                      limit: q.limit === UNLIMITED ? t('quotas.unlimited') : formatInteger(q.limit),
                    })
                  )}
                </td>
                <td className="muted px-3 py-2.5 sm:px-4">
                  {q.limit === 0 ? '—' : q.resetsAt ? formatDateTime(q.resetsAt) : t('usage.concurrent')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted text-xs">{t('usage.zone', { zone: zoneLabel })}</p>
    </section>
  );
}
