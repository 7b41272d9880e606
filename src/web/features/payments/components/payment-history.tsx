import type { Payment } from '../../../../shared/api/payments.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFailureReason } from '../../../lib/failure-reason.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMyPayments } from '../api.ts';
import { formatPaymentAmount } from '../format-amount.ts';
import { PaymentStateBadge } from './payment-state-badge.tsx';

/** The proof of a payment: Stripe's receipt, or the transaction on a block explorer. */
export function PaymentProof({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const href = payment.receiptUrl ?? payment.explorerUrl;
  if (!href) return <span className="muted">—</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="link">
      {payment.receiptUrl ? t('history.receipt') : t('history.explorer')}
    </a>
  );
}

/** "Payment history" on /profile: every payment of the viewer, newest first (card, wallet and crypto alike). */
export function PaymentHistory() {
  const { t } = useTranslation('payments');
  const reasonText = useFailureReason();
  const query = useMyPayments();
  return (
    <section className="card space-y-4 p-5" aria-labelledby="payment-history-title" data-testid="payment-history">
      <h2 id="payment-history-title" className="text-lg font-semibold">
        {t('history.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.items.length === 0 ? (
        <p className="muted text-sm">{t('history.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('history.caption')}</caption>
            <thead className="muted text-xs">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.date')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.plan')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.method')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('history.amount')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('history.state')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('history.link')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((payment) => (
                <tr key={payment.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatDateTime(payment.createdAt)}</td>
                  <td className="py-2 pr-3">
                    {t('history.planPeriod', {
                      plan: t(`plans.${payment.plan}`),
                      period: t(`periods.${payment.period}`),
                    })}
                  </td>
                  <td className="py-2 pr-3">{t(`methods.${payment.method}`)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatPaymentAmount(payment.amount, payment.currency)}
                  </td>
                  <td className="py-2 pr-3">
                    <PaymentStateBadge state={payment.state} />
                    {payment.state === 'failed' && payment.failureReason && (
                      <span className="muted block text-xs">
                        {t('failed.reason', { reason: reasonText(payment.failureReason) })}
                      </span>
                    )}
                  </td>
                  <td className="py-2">
                    <PaymentProof payment={payment} />
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
