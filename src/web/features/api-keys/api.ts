import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyListResponseSchema,
  ApiKeySchema,
  CreatedApiKeySchema,
} from '../../../shared/api/api-keys.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const apiKeyKeys = { all: ['api-keys'] as const, list: () => ['api-keys', 'list'] as const };

/** My keys, whether my level includes API access, and this hour's calls. */
export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => apiGet<typeof ApiKeyListResponseSchema>('/api/me/api-keys', { signal }),
  });

function useApiKeyMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** Creates a key: the answer holds the full key, the only time it is ever sent. */
export const useCreateApiKey = () =>
  useApiKeyMutation((name: string) =>
    apiSend<typeof CreatedApiKeySchema>('POST', '/api/me/api-keys', { name }, lang()),
  );

export const useRevokeApiKey = () =>
  useApiKeyMutation((id: string) =>
    apiSend<typeof ApiKeySchema>('POST', `/api/me/api-keys/${encodeURIComponent(id)}/revoke`, undefined, lang()),
  );
