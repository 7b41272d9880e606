import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertDeliveriesResponseSchema,
  AlertsResponseSchema,
  CreateAlertBody,
  CreateAlertResponseSchema,
  UpdateAlertBody,
} from '../../../shared/api/alerts.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

// The UI language: target names and the server's refusals (invalid threshold, cap reached) read like the page.
const lang = () => ({ query: { lang: currentLanguage() } });

export const alertKeys = {
  all: ['alerts'] as const,
  list: (language: string) => ['alerts', 'list', language] as const,
  deliveries: (id: string) => ['alerts', 'deliveries', id] as const,
};

/** My alerts and the concurrent-alerts quota; a free user or a visitor gets the server's lock. */
export const useAlerts = (enabled = true) => {
  const language = currentLanguage();
  return useQuery({
    queryKey: alertKeys.list(language),
    queryFn: ({ signal }) => apiGet<typeof AlertsResponseSchema>('/api/alerts', { query: { lang: language }, signal }),
    enabled,
  });
};

export const useAlertDeliveries = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.deliveries(id),
    queryFn: ({ signal }) =>
      apiGet<typeof AlertDeliveriesResponseSchema>(`/api/alerts/${encodeURIComponent(id)}/deliveries`, { signal }),
    enabled,
  });

function useAlertMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // (/api/me/usage, which shows the same quota, is always refetched when shown: staleTime 0.)
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export const useCreateAlert = () =>
  useAlertMutation((body: CreateAlertBody) =>
    apiSend<typeof CreateAlertResponseSchema>('POST', '/api/alerts', body, lang()),
  );

export const useUpdateAlert = () =>
  useAlertMutation(({ id, ...body }: UpdateAlertBody & { id: string }) =>
    apiSend<typeof CreateAlertResponseSchema>('PATCH', `/api/alerts/${encodeURIComponent(id)}`, body, lang()),
  );

export const useDeleteAlert = () =>
  useAlertMutation((id: string) => apiSend('DELETE', `/api/alerts/${encodeURIComponent(id)}`, undefined, lang()));
