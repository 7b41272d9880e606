import { useQuery } from '@tanstack/react-query';
import type { PreferencesSchema, UpdatePreferencesBody } from '../../../shared/api/account.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Keyed by the user: another account (or signing out) never reads the last one's preferences. */
export const preferencesKeys = {
  all: ['preferences'] as const,
  of: (userId: string) => ['preferences', userId] as const,
};

/** The signed-in user's stored preferences (GET /api/me/preferences); off for visitors. */
export const useAccountPreferences = (userId: string | null) =>
  useQuery({
    queryKey: preferencesKeys.of(userId ?? 'visitor'),
    queryFn: ({ signal }) => apiGet<typeof PreferencesSchema>('/api/me/preferences', { signal }),
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Stores the named display choices on the signed-in account (PUT /api/me/preferences); the others stay. */
export const savePreferences = (patch: UpdatePreferencesBody) =>
  apiSend<typeof PreferencesSchema>('PUT', '/api/me/preferences', patch);
