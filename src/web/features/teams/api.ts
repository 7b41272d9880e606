import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationCreatedSchema, MyTeamResponseSchema, TeamSchema } from '../../../shared/api/teams.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const teamKeys = { all: ['team'] as const, mine: () => ['team', 'mine'] as const };

/** My team (null when none), whether my level may create one, and a vip team's seats. */
export const useMyTeam = () =>
  useQuery({
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => apiGet<typeof MyTeamResponseSchema>('/api/team', { signal }),
  });

function useTeamMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useCreateTeam = () =>
  useTeamMutation((name: string) => apiSend<typeof TeamSchema>('POST', '/api/team', { name }, lang()));
export const useRenameTeam = () =>
  useTeamMutation((name: string) => apiSend<typeof TeamSchema>('PATCH', '/api/team', { name }, lang()));
export const useDeleteTeam = () => useTeamMutation(() => apiSend('DELETE', '/api/team', undefined, lang()));
export const useInvite = () =>
  useTeamMutation((email: string) =>
    apiSend<typeof InvitationCreatedSchema>('POST', '/api/team/invitations', { email }, lang()),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiSend('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`, undefined, lang()),
  );
export const useAcceptInvitation = () =>
  useTeamMutation((token: string) =>
    apiSend<typeof TeamSchema>('POST', '/api/team/invitations/accept', { token }, lang()),
  );
export const useLeaveTeam = () => useTeamMutation(() => apiSend('POST', '/api/team/leave', undefined, lang()));
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    apiSend('DELETE', `/api/team/members/${encodeURIComponent(userId)}`, undefined, lang()),
  );
export const useTransferTeam = () =>
  useTeamMutation((userId: string) => apiSend<typeof TeamSchema>('POST', '/api/team/transfer', { userId }, lang()));
