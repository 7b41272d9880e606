import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { authKeys, useSession } from '../../features/auth/api.ts';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { membershipKeys } from '../../features/membership/api.ts';
import { isOpenState, paymentKeys, useReturnPayment } from '../../features/payments/api.ts';
import { PaymentReturn } from '../../features/payments/components/payment-return.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * /membership/return?session_id=…: where Stripe Checkout sends the buyer back. Polls the payment until the webhook made
 * it final, then refreshes the session so the level and expiry shown are the new ones.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const payment = useReturnPayment(sessionId);
  const session = useSession();
  const queryClient = useQueryClient();
  const state = payment.data?.payment.state;
  useEffect(() => {
    if (!state || isOpenState(state)) return;
    void queryClient.invalidateQueries({ queryKey: authKeys.all });
    void queryClient.invalidateQueries({ queryKey: membershipKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.mine() });
  }, [state, queryClient]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('return.title')} subtitle={t('return.subtitle')} />
      <RequireSignIn>
        {!sessionId ? (
          <p className="card p-5">{t('return.missing')}</p>
        ) : payment.isError ? (
          <p role="alert" className="card p-5">
            {payment.error.message}
          </p>
        ) : payment.data ? (
          <PaymentReturn
            payment={payment.data.payment}
            level={session.data?.membership.level ?? null}
            expiresAt={session.data?.membership.plan?.expiresAt ?? null}
          />
        ) : (
          <Skeleton className="h-32 w-full" />
        )}
        <div className="flex flex-wrap gap-3">
          <Link to="/membership" className="btn-secondary">
            {t('return.back')}
          </Link>
          <Link to="/profile" className="btn-secondary">
            {t('return.history')}
          </Link>
        </div>
      </RequireSignIn>
    </div>
  );
}
