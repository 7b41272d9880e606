import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ProjectNoteSchema,
  ProjectNotesResponseSchema,
  ShareResponseSchema,
  TeamSavedSearchesResponseSchema,
  TeamWatchlistDetailSchema,
  TeamWatchlistsResponseSchema,
} from '../../../shared/api/team-sharing.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { watchlistKeys } from '../watchlists/keys.ts';

// What a team shares: the share switches, the team's shared lists and searches, and its notes on a project.
const lang = () => ({ query: { lang: currentLanguage() } });
const enc = encodeURIComponent;

export type ShareKind = 'watchlist' | 'savedSearch';

export const teamSharingKeys = {
  all: ['team-sharing'] as const,
  watchlists: () => ['team-sharing', 'watchlists'] as const,
  watchlist: (id: string) => ['team-sharing', 'watchlist', id] as const,
  savedSearches: () => ['team-sharing', 'saved-searches'] as const,
  notes: (projectId: string) => ['team-sharing', 'notes', projectId] as const,
};

export const useTeamWatchlists = (enabled = true) =>
  useQuery({
    queryKey: teamSharingKeys.watchlists(),
    queryFn: ({ signal }) => apiGet<typeof TeamWatchlistsResponseSchema>('/api/team/watchlists', { signal }),
    enabled,
  });

export const useTeamWatchlist = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: teamSharingKeys.watchlist(id),
    queryFn: ({ signal }) => apiGet<typeof TeamWatchlistDetailSchema>(`/api/team/watchlists/${enc(id)}`, { signal }),
    enabled,
  });

export const useTeamSavedSearches = (enabled = true) =>
  useQuery({
    queryKey: teamSharingKeys.savedSearches(),
    queryFn: ({ signal }) => apiGet<typeof TeamSavedSearchesResponseSchema>('/api/team/saved-searches', { signal }),
    enabled,
  });

/** A change of anything shared: every team view refreshes (and the owner-only lists, which a team edit may rename). */
function useTeamMutation<T, R>(send: (input: T) => Promise<R>, alsoRefresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamSharingKeys.all }),
        ...alsoRefresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}

export const useShare = (kind: ShareKind) =>
  useTeamMutation(({ id, shared }: { id: string; shared: boolean }) =>
    apiSend<typeof ShareResponseSchema>(
      'PUT',
      `/api/${kind === 'watchlist' ? 'watchlists' : 'saved-searches'}/${enc(id)}/share`,
      { shared },
      lang(),
    ),
  );

export const useRenameTeamWatchlist = () =>
  useTeamMutation(
    ({ id, name }: { id: string; name: string }) =>
      apiSend<typeof TeamWatchlistDetailSchema>('PATCH', `/api/team/watchlists/${enc(id)}`, { name }, lang()),
    [watchlistKeys.all],
  );

export const useRemoveTeamWatchlistItem = () =>
  useTeamMutation(
    ({ id, projectId }: { id: string; projectId: string }) =>
      apiSend('DELETE', `/api/team/watchlists/${enc(id)}/items/${enc(projectId)}`, undefined, lang()),
    [watchlistKeys.all],
  );

export const useProjectNotes = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: teamSharingKeys.notes(projectId),
    queryFn: ({ signal }) =>
      apiGet<typeof ProjectNotesResponseSchema>(`/api/projects/${enc(projectId)}/notes`, { signal }),
    enabled,
  });

export const useCreateNote = (projectId: string) =>
  useTeamMutation((body: string) =>
    apiSend<typeof ProjectNoteSchema>('POST', `/api/projects/${enc(projectId)}/notes`, { body }, lang()),
  );

export const useUpdateNote = () =>
  useTeamMutation(({ id, body }: { id: string; body: string }) =>
    apiSend<typeof ProjectNoteSchema>('PATCH', `/api/team/notes/${enc(id)}`, { body }, lang()),
  );

export const useDeleteNote = () =>
  useTeamMutation((id: string) => apiSend('DELETE', `/api/team/notes/${enc(id)}`, undefined, lang()));
