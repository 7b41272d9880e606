import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestModeResponseSchema, UsageResponseSchema } from '../../../shared/api/usage.schema.ts';
import type { MembershipLevel } from '../../../shared/membership/level.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { refetchableExcept } from '../../lib/counted-queries.ts';
import { membershipKeys } from '../../lib/session-keys.ts';

// The level and usage keys belong to the session (lib/session-keys.ts): other features refresh them too.
export { membershipKeys };

/** The viewer's level and quota usage; always fresh (a search elsewhere moves it). */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: membershipKeys.usage(),
    queryFn: ({ signal }) => apiGet<typeof UsageResponseSchema>('/api/me/usage', { signal }),
    staleTime: 0,
  });

export const useUsage = () => useQuery(usageQueryOptions());

/** Turns test mode on (a level) or off (null) for this session; everything cached may depend on the level. */
export function useSetTestMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: MembershipLevel | null) =>
      apiSend<typeof TestModeResponseSchema>('PUT', '/api/me/test-mode', { level }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: refetchableExcept() }),
  });
}
