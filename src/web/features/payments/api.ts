import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentListResponseSchema, PaymentState } from '../../../shared/api/payments.schema.ts';
import type {
  CheckoutBody,
  CheckoutResponseSchema,
  PlansResponseSchema,
  ReturnResponseSchema,
} from '../../../shared/api/payments-checkout.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => ['payments', 'plans'] as const,
  mine: () => ['payments', 'mine'] as const,
  back: (sessionId: string) => ['payments', 'return', sessionId] as const,
};

/** The configured prices and the Stripe methods on offer (public). */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.plans(),
    queryFn: ({ signal }) => apiGet<typeof PlansResponseSchema>('/api/payments/plans', { signal }),
    staleTime: 5 * 60_000,
  });
export const usePlans = () => useQuery(plansQueryOptions());

/** Opens a Stripe Checkout session and sends the browser there. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: CheckoutBody) =>
      apiSend<typeof CheckoutResponseSchema>('POST', '/api/payments/checkout', body, {
        query: { lang: currentLanguage() },
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

const OPEN: readonly PaymentState[] = ['pending', 'processing'];
export const isOpenState = (state: PaymentState) => OPEN.includes(state);

/** The payment behind a Checkout return; polled every 2 s until Stripe's webhook made it final. */
export const useReturnPayment = (sessionId: string) =>
  useQuery({
    queryKey: paymentKeys.back(sessionId),
    queryFn: ({ signal }) =>
      apiGet<typeof ReturnResponseSchema>('/api/payments/return', { signal, query: { session_id: sessionId } }),
    enabled: sessionId !== '',
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isOpenState(query.state.data.payment.state) ? false : 2_000),
  });

export const useMyPayments = () =>
  useQuery({
    queryKey: paymentKeys.mine(),
    queryFn: ({ signal }) => apiGet<typeof PaymentListResponseSchema>('/api/me/payments', { signal }),
    staleTime: 0,
  });
