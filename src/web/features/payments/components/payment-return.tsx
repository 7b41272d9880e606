import type { Payment } from '../../../../shared/api/payments.schema.ts';
import type { MembershipLevel } from '../../../../shared/membership/level.ts';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFailureReason } from '../../../lib/failure-reason.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { isOpenState } from '../api.ts';
import { formatPaymentAmount } from '../format-amount.ts';
import { PaymentProof } from './payment-history.tsx';
import { PaymentStateBadge } from './payment-state-badge.tsx';

type PaymentReturnProps = {
  payment: Payment;
  /** The viewer's level and paid expiry after the payment (from /api/me, refreshed when the payment is final). */
  level: MembershipLevel | null;
  expiresAt: string | null;
};

/** After Stripe Checkout: the payment's state (waiting while it is open), then the level and expiry it gave. */
export function PaymentReturn({ payment, level, expiresAt }: PaymentReturnProps) {
  const { t } = useTranslation('payments');
  const reasonText = useFailureReason();
  const open = isOpenState(payment.state);
  return (
    <section className="card space-y-4 p-6" data-testid="payment-return" aria-live="polite">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">
          {t('history.planPeriod', { plan: t(`plans.${payment.plan}`), period: t(`periods.${payment.period}`) })}
        </h2>
        <PaymentStateBadge state={payment.state} />
        <span className="tabular-nums">{formatPaymentAmount(payment.amount, payment.currency)}</span>
      </div>
      {open && (
        <p className="flex items-center gap-2 text-sm">
          <Spinner size={16} />
          {t('return.checking')}
        </p>
      )}
      {open && payment.failureReason && (
        <p className="text-sm text-red-700 dark:text-red-400">
          {t('failed.attempt', { reason: reasonText(payment.failureReason) })}
        </p>
      )}
      {payment.state === 'failed' && (
        <ErrorPanel
          title={t('failed.title')}
          message={t('failed.reason', {
            reason: payment.failureReason ? reasonText(payment.failureReason) : t('states.failed'),
          })}
        />
      )}
      {payment.state === 'success' && (
        <p className="font-medium text-green-800 dark:text-green-300">{t('return.success')}</p>
      )}
      {payment.state === 'refund' && <p className="font-medium">{t('return.refund')}</p>}
      {!open && (
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="muted text-xs">{t('return.level')}</dt>
            <dd className="font-semibold" data-testid="return-level">
              {level ? t(`levels.${level}`) : '—'}
            </dd>
          </div>
          <div>
            <dt className="muted text-xs">{t('return.expires')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="return-expires">
              {expiresAt ? formatDateTime(expiresAt) : t('return.noExpiry')}
            </dd>
          </div>
          <div>
            <dt className="muted text-xs">{t('history.link')}</dt>
            <dd>
              <PaymentProof payment={payment} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
