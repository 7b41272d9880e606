import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCryptoPaymentBody,
  CryptoOptionsResponseSchema,
  CryptoPayment,
  CryptoPaymentSchema,
} from '../../../shared/api/crypto-payments.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const cryptoPaymentKeys = {
  all: ['crypto-payments'] as const,
  options: () => ['crypto-payments', 'options'] as const,
  payment: (id: string) => ['crypto-payments', 'payment', id] as const,
};

/** The chain, tokens, receiving address and prices; `available: false` when the site has no crypto option. */
export const useCryptoOptions = () =>
  useQuery({
    queryKey: cryptoPaymentKeys.options(),
    queryFn: ({ signal }) => apiGet<typeof CryptoOptionsResponseSchema>('/api/payments/crypto/options', { signal }),
  });

/** A crypto payment of mine; polled every 3 s while the chain still has something to say (pending or processing). */
export const useCryptoPayment = (id: string | null) =>
  useQuery({
    queryKey: cryptoPaymentKeys.payment(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiGet<typeof CryptoPaymentSchema>(`/api/payments/crypto/${encodeURIComponent(id ?? '')}`, { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'processing' ? 3_000 : false),
  });

export const useCreateCryptoPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCryptoPaymentBody) =>
      apiSend<typeof CryptoPaymentSchema>('POST', '/api/payments/crypto', body, lang()),
    onSuccess: (payment) => queryClient.setQueryData(cryptoPaymentKeys.payment(payment.paymentId), payment),
  });
};

/** Submits a transaction hash; the answer (processing or success) replaces the cached payment. */
export const useSubmitCryptoHash = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (txHash: string) =>
      apiSend<typeof CryptoPaymentSchema>(
        'POST',
        `/api/payments/crypto/${encodeURIComponent(id)}/submit`,
        { txHash },
        lang(),
      ),
    onSuccess: (payment: CryptoPayment) => queryClient.setQueryData(cryptoPaymentKeys.payment(id), payment),
    // A refusal may have failed the payment on the server: read its state again.
    onError: () => queryClient.invalidateQueries({ queryKey: cryptoPaymentKeys.payment(id) }),
  });
};
