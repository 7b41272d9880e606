import { Link, useSearchParams } from 'react-router';
import { BILLING_PERIODS, type BillingPeriod, PAID_PLANS, type PaidPlan } from '../../../shared/api/payments.schema.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { useCryptoOptions, useCryptoPayment } from '../../features/crypto-payments/api.ts';
import { CryptoHashForm } from '../../features/crypto-payments/components/crypto-hash-form.tsx';
import { CryptoInstructions } from '../../features/crypto-payments/components/crypto-instructions.tsx';
import { CryptoStart } from '../../features/crypto-payments/components/crypto-start.tsx';
import { CryptoState } from '../../features/crypto-payments/components/crypto-state.tsx';
import { useErrorText } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const pick = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

/** ?plan=premium|vip&period=monthly|yearly choose the purchase; ?payment=<id> keeps a started one across reloads. */
function CryptoCheckout() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const plan: PaidPlan = pick(PAID_PLANS, params.get('plan'), 'premium');
  const period: BillingPeriod = pick(BILLING_PERIODS, params.get('period'), 'monthly');
  const paymentId = params.get('payment');
  const options = useCryptoOptions();
  const payment = useCryptoPayment(paymentId);

  const setPayment = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('payment', id);
      else next.delete('payment');
      return next;
    });

  if (options.isPending || (paymentId && payment.isPending)) return <p className="muted text-sm">…</p>;
  if (options.isError) return <p role="alert">{errorText(options.error)}</p>;
  if (!options.data.available) {
    return (
      <div role="status" className="card space-y-3 p-6 text-sm" data-testid="crypto-unavailable">
        <p>{t('crypto.unavailable')}</p>
        {/* The membership page names only the ways to a level that exist here (points at the least). */}
        <Link to="/membership" className="btn-primary">
          {t('crypto.backToPlans')}
        </Link>
      </div>
    );
  }
  if (!paymentId || payment.isError) {
    return <CryptoStart options={options.data} plan={plan} period={period} onStarted={setPayment} />;
  }
  const current = payment.data;
  if (!current) return null;
  return (
    <div className="space-y-6">
      <CryptoState payment={current} onRestart={() => setPayment(null)} />
      {(current.state === 'pending' || current.state === 'processing') && (
        <>
          <CryptoInstructions payment={current} />
          <CryptoHashForm payment={current} />
        </>
      )}
    </div>
  );
}

/** /membership/crypto: pay a plan in USDT or USDC; the server verifies the transfer on-chain. */
export function MembershipCryptoPage() {
  const { t } = useTranslation('payments');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={t('crypto.title')} subtitle={t('crypto.subtitle')} />
      <p>
        <Link to="/membership" className="text-sm underline">
          {t('crypto.back')}
        </Link>
      </p>
      <RequireSignIn>
        <CryptoCheckout />
      </RequireSignIn>
    </div>
  );
}
