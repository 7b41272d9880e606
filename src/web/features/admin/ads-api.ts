import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AdminAdBody,
  AdminAdListSchema,
  type AdminAdPatch,
  AdminAdSchema,
} from '../../../shared/api/ads.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const lang = () => ({ query: { lang: currentLanguage() } });
const BASE = '/api/admin/ads';

export const useAdminAds = () =>
  useQuery({ queryKey: adminKeys.ads, queryFn: ({ signal }) => apiGet(BASE, AdminAdListSchema, { signal }) });

function useAdMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ads }) });
}

export const useCreateAd = () =>
  useAdMutation((body: AdminAdBody) => apiSend('POST', BASE, AdminAdSchema, body, lang()));

export const useUpdateAd = () =>
  useAdMutation(({ id, patch }: { id: string; patch: AdminAdPatch }) =>
    apiSend('PATCH', `${BASE}/${encodeURIComponent(id)}`, AdminAdSchema, patch, lang()),
  );

export const useDeleteAd = () =>
  useAdMutation((id: string) => apiSend('DELETE', `${BASE}/${encodeURIComponent(id)}`, z.unknown(), undefined, lang()));
