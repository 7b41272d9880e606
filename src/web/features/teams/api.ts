import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { InvitationCreatedSchema, MyTeamResponseSchema, TeamSchema } from '../../../shared/api/teams.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

export const teamKeys = { all: ['team'] as const, mine: () => ['team', 'mine'] as const };

/** My team (null when none), whether my level may create one, and a vip team's seats. */
export const useMyTeam = () =>
  useQuery({
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => apiGet('/api/team', MyTeamResponseSchema, { signal }),
  });

function useTeamMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

const Nothing = z.unknown();

export const useCreateTeam = () =>
  useTeamMutation((name: string) => apiSend('POST', '/api/team', TeamSchema, { name }, lang()));
export const useRenameTeam = () =>
  useTeamMutation((name: string) => apiSend('PATCH', '/api/team', TeamSchema, { name }, lang()));
export const useDeleteTeam = () => useTeamMutation(() => apiSend('DELETE', '/api/team', Nothing, undefined, lang()));
export const useInvite = () =>
  useTeamMutation((email: string) =>
    apiSend('POST', '/api/team/invitations', InvitationCreatedSchema, { email }, lang()),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiSend('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`, Nothing, undefined, lang()),
  );
export const useAcceptInvitation = () =>
  useTeamMutation((token: string) => apiSend('POST', '/api/team/invitations/accept', TeamSchema, { token }, lang()));
export const useLeaveTeam = () => useTeamMutation(() => apiSend('POST', '/api/team/leave', Nothing, undefined, lang()));
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    apiSend('DELETE', `/api/team/members/${encodeURIComponent(userId)}`, Nothing, undefined, lang()),
  );
export const useTransferTeam = () =>
  useTeamMutation((userId: string) => apiSend('POST', '/api/team/transfer', TeamSchema, { userId }, lang()));
