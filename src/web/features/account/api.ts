import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ChangePasswordResponseSchema,
  DeleteAccountBody,
  LinkedProvidersResponseSchema,
  UpdateProfileBody,
  UpdateProfileResponseSchema,
} from '../../../shared/api/account.schema.ts';
import type { CsrfResponseSchema, MeResponse } from '../../../shared/api/auth.schema.ts';
import type { UserTasksResponseSchema } from '../../../shared/api/tasks.schema.ts';
import { ApiError, apiGet, apiSend } from '../../lib/api-client.ts';
import { refetchableExcept } from '../../lib/counted-queries.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { authKeys } from '../../lib/session-keys.ts';
import { accountKeys } from './keys.ts';

// Server messages (validation, wrong password) come back in the language the page shows.
const lang = () => ({ query: { lang: currentLanguage() } });

/** How this account signs in (password, linked providers) and what the server offers. */
export const useLinkedProviders = () =>
  useQuery({
    queryKey: accountKeys.providers(),
    queryFn: ({ signal }) => apiGet<typeof LinkedProvidersResponseSchema>('/api/me/providers', { signal }),
  });

/**
 * The user's completed tasks (GET /api/me/tasks, the task feature's route). null when the server has no such route
 * yet (404) or refuses it: the profile page then shows the counters only.
 */
export const useCompletedTasks = () =>
  useQuery({
    queryKey: accountKeys.completedTasks(),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<typeof UserTasksResponseSchema>('/api/me/tasks', { signal, query: { limit: 20 } });
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
        throw error;
      }
    },
    retry: false,
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      apiSend<typeof UpdateProfileResponseSchema>('PATCH', '/api/me/profile', body, lang()),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData<MeResponse | null>(authKeys.me(), (me) => (me ? { ...me, profile } : me));
    },
  });
}

/** Sets a new password; the answer is this browser's re-issued session (every other one has ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiSend<typeof ChangePasswordResponseSchema>('POST', '/api/me/password', body, lang()),
    onSuccess: (me) => {
      queryClient.setQueryData(authKeys.me(), me);
      void queryClient.invalidateQueries({ queryKey: accountKeys.providers() });
    },
  });
}

/** Sign out everywhere and delete account both end this browser's session: forget everything cached about the user. */
function useEndingMutation<T>(send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ predicate: refetchableExcept(authKeys.all) });
    },
  });
}

export const useSignOutEverywhere = () =>
  useEndingMutation(() => apiSend<typeof CsrfResponseSchema>('POST', '/api/me/sign-out-everywhere', undefined, lang()));

export const useDeleteAccount = () =>
  useEndingMutation((body: DeleteAccountBody) => apiSend<typeof CsrfResponseSchema>('DELETE', '/api/me', body, lang()));

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { accountKeys };
