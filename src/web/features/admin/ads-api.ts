import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAdBody, AdminAdListSchema, AdminAdPatch, AdminAdSchema } from '../../../shared/api/ads.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const lang = () => ({ query: { lang: currentLanguage() } });
const BASE = '/api/admin/ads';

export const useAdminAds = () =>
  useQuery({ queryKey: adminKeys.ads, queryFn: ({ signal }) => apiGet<typeof AdminAdListSchema>(BASE, { signal }) });

function useAdMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ads }) });
}

export const useCreateAd = () =>
  useAdMutation((body: AdminAdBody) => apiSend<typeof AdminAdSchema>('POST', BASE, body, lang()));

export const useUpdateAd = () =>
  useAdMutation(({ id, patch }: { id: string; patch: AdminAdPatch }) =>
    apiSend<typeof AdminAdSchema>('PATCH', `${BASE}/${encodeURIComponent(id)}`, patch, lang()),
  );

export const useDeleteAd = () =>
  useAdMutation((id: string) => apiSend('DELETE', `${BASE}/${encodeURIComponent(id)}`, undefined, lang()));
