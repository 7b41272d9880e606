import { useTranslation } from '../../../lib/use-translation.ts';

/** The spec's "Payment Failed" (支付失败) message with the reason. */
export function PaymentFailed({ reason }: { reason: string }) {
  const { t } = useTranslation('payments');
  return (
    <div
      role="alert"
      data-testid="payment-failed"
      className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{t('crypto.state.failed')}</p>
      <p>{t('crypto.failedReason', { reason })}</p>
    </div>
  );
}
