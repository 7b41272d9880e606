import { Link } from 'react-router';
import type { CryptoPayment } from '../../../../shared/api/crypto-payments.schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PaymentFailed } from './payment-failed.tsx';

/** The payment's live state: confirmations so far while processing, the success, or "Payment Failed" and why. */
export function CryptoState({ payment, onRestart }: { payment: CryptoPayment; onRestart: () => void }) {
  const { t } = useTranslation(['payments', 'errors']);
  const explorer = payment.explorerUrl && (
    <a href={payment.explorerUrl} target="_blank" rel="noreferrer" className="text-sm underline">
      {t('crypto.viewOnExplorer')}
    </a>
  );
  if (payment.state === 'failed') {
    const reason = payment.failureReason ? t(`errors:${payment.failureReason}` as 'errors:INTERNAL') : '';
    return (
      <section className="space-y-3" data-testid="crypto-state" data-state="failed">
        <PaymentFailed reason={reason} />
        {explorer}
        <button type="button" className="btn-secondary" onClick={onRestart}>
          {t('crypto.again')}
        </button>
      </section>
    );
  }
  const tone =
    payment.state === 'success'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100'
      : 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100';
  return (
    <section
      role="status"
      data-testid="crypto-state"
      data-state={payment.state}
      className={`space-y-2 rounded-lg border p-4 text-sm ${tone}`}
    >
      <p className="font-semibold">
        {t(`crypto.state.${payment.state}`, {
          seen: Math.min(payment.confirmations, payment.requiredConfirmations),
          required: payment.requiredConfirmations,
        })}
      </p>
      {payment.state === 'success' && payment.periodEnd && (
        <p data-testid="crypto-period-end">{t('crypto.state.activeUntil', { date: formatDate(payment.periodEnd) })}</p>
      )}
      {payment.state === 'processing' && (
        <progress
          className="w-full"
          max={payment.requiredConfirmations}
          value={Math.min(payment.confirmations, payment.requiredConfirmations)}
        />
      )}
      <div className="flex flex-wrap gap-4">
        {explorer}
        {payment.state === 'success' && (
          <Link to="/profile" className="text-sm underline">
            {t('crypto.toProfile')}
          </Link>
        )}
      </div>
    </section>
  );
}
