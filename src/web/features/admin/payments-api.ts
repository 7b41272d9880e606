import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPaymentsResponseSchema,
  AdminRefundResponseSchema,
} from '../../../shared/api/payments-checkout.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const BASE = '/api/admin/payments';

/** Every payment, newest first, 50 a page (keyset: the last row's createdAt). */
export const useAdminPayments = () =>
  useInfiniteQuery({
    queryKey: adminKeys.payments,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      apiGet<typeof AdminPaymentsResponseSchema>(BASE, { signal, query: { limit: 50, before: pageParam } }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** Refunds a successful payment (sent to Stripe for a Stripe payment, recorded only otherwise). */
export const useRefundPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<typeof AdminRefundResponseSchema>('POST', `${BASE}/${encodeURIComponent(id)}/refund`, undefined, {
        query: { lang: currentLanguage() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.payments }),
  });
};
