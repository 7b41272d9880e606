import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSocialAccountBody,
  SocialAccountListResponseSchema,
  SocialAccountSchema,
  SocialUsageResponseSchema,
} from '../../../shared/api/social-accounts.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const lang = () => ({ query: { lang: currentLanguage() } });
const BASE = '/api/admin/social-accounts';

export const useSocialAccounts = () =>
  useQuery({
    queryKey: adminKeys.socialAccounts.list(),
    queryFn: ({ signal }) => apiGet<typeof SocialAccountListResponseSchema>(BASE, { signal }),
  });

/** Per account and day: requests, errors and 429s over the last `days` days. */
export const useSocialUsage = (days: number) =>
  useQuery({
    queryKey: adminKeys.socialAccounts.usage(days),
    queryFn: ({ signal }) => apiGet<typeof SocialUsageResponseSchema>(`${BASE}/usage`, { signal, query: { days } }),
    placeholderData: keepPreviousData,
  });

function useAccountMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Not awaited: the caller's own onSuccess (the form clearing the secret it sent) runs as soon as the server has
    // accepted, not after the list is read again — the new row must never appear beside a still-filled secret.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.socialAccounts.all });
    },
  });
}

/** Adds an account; its secrets go to the server once and are never read back. */
export const useCreateSocialAccount = () =>
  useAccountMutation((body: CreateSocialAccountBody) =>
    apiSend<typeof SocialAccountSchema>('POST', BASE, body, lang()),
  );

/** Enables (today's usage restarts at 0) or disables an account. */
export const useSetSocialAccountActive = () =>
  useAccountMutation(({ id, active }: { id: string; active: boolean }) =>
    apiSend('PATCH', `${BASE}/${encodeURIComponent(id)}`, { active }, lang()),
  );

export const useDeleteSocialAccount = () =>
  useAccountMutation((id: string) => apiSend('DELETE', `${BASE}/${encodeURIComponent(id)}`, undefined, lang()));
