import { useState } from 'react';
import type { AdminPayment } from '../../../../shared/api/payments-checkout.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { useFailureReason } from '../../../lib/failure-reason.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAdminPayments, useRefundPayment } from '../payments-api.ts';

const TONE: Record<AdminPayment['state'], BadgeTone> = {
  pending: 'gray',
  processing: 'blue',
  success: 'green',
  failed: 'red',
  refund: 'orange',
};

function PaymentRow({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const reasonText = useFailureReason();
  const errorText = useErrorText();
  const refund = useRefundPayment();
  const [confirming, setConfirming] = useState(false);
  const link = payment.receiptUrl ?? payment.explorerUrl;
  const confirmText =
    payment.provider === 'stripe'
      ? t('payments.confirmStripe', { email: payment.userEmail ?? payment.userId, amount: payment.amount })
      : t('payments.confirmRecorded', { email: payment.userEmail ?? payment.userId, amount: payment.amount });
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800" data-slot="payment-row">
      <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatDateTime(payment.createdAt)}</td>
      <td className="py-2 pr-3 break-all">{payment.userEmail ?? payment.userId}</td>
      <td className="py-2 pr-3">
        {t(`payments.plans.${payment.plan}`)} · {t(`payments.periods.${payment.period}`)}
      </td>
      <td className="py-2 pr-3">{t(`payments.methods.${payment.method}`)}</td>
      <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
        {payment.amount} {payment.currency}
      </td>
      <td className="py-2 pr-3">
        <Badge tone={TONE[payment.state]}>{t(`payments.states.${payment.state}`)}</Badge>
        {payment.failureReason && <span className="muted block text-xs">{reasonText(payment.failureReason)}</span>}
      </td>
      <td className="py-2 pr-3">
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="link">
            {payment.receiptUrl ? t('payments.receipt') : t('payments.explorer')}
          </a>
        ) : (
          '—'
        )}
      </td>
      <td className="py-2">
        {payment.state === 'success' && (
          <button
            type="button"
            className="btn-secondary"
            disabled={refund.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('payments.refund')}
          </button>
        )}
        {confirming && (
          <ConfirmDialog
            title={t('payments.refund')}
            text={confirmText}
            confirmLabel={t('payments.refund')}
            cancelLabel={t('payments.cancel')}
            danger
            onConfirm={() => {
              setConfirming(false);
              refund.mutate(payment.id);
            }}
            onCancel={() => setConfirming(false)}
          />
        )}
        {refund.isSuccess && (
          <p role="status" className="muted text-xs">
            {refund.data.sentToProvider ? t('payments.refundSent') : t('payments.refundRecorded')}
          </p>
        )}
        {refund.isError && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {errorText(refund.error)}
          </p>
        )}
      </td>
    </tr>
  );
}

/** The admin's payments: every payment of every method, newest first, with a refund for successful ones. */
export function PaymentsTab() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const query = useAdminPayments();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="card space-y-4 p-5" aria-labelledby="admin-payments-title">
      <div>
        <h2 id="admin-payments-title" className="text-lg font-semibold">
          {t('payments.title')}
        </h2>
        <p className="muted text-sm">{t('payments.subtitle')}</p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <ErrorPanel title={t('payments.title')} message={errorText(query.error)} />
      ) : rows.length === 0 ? (
        <p className="muted text-sm">{t('payments.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('payments.title')}</caption>
            <thead className="muted text-xs">
              <tr>
                {(['date', 'user', 'plan', 'method', 'amount', 'state', 'link', 'actions'] as const).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3 font-medium">
                    {t(`payments.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn-secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('payments.more')}
        </button>
      )}
    </section>
  );
}
