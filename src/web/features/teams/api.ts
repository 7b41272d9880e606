import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANY_ANSWER, apiGet, apiSend, lazyContract } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

const teamsContracts = () => import('../../../shared/api/teams.schema.ts');

const lang = () => ({ query: { lang: currentLanguage() } });

export const teamKeys = { all: ['team'] as const, mine: () => ['team', 'mine'] as const };

/** My team (null when none), whether my level may create one, and a vip team's seats. */
export const useMyTeam = () =>
  useQuery({
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => apiGet('/api/team', lazyContract(teamsContracts, 'MyTeamResponseSchema'), { signal }),
  });

function useTeamMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useCreateTeam = () =>
  useTeamMutation((name: string) =>
    apiSend('POST', '/api/team', lazyContract(teamsContracts, 'TeamSchema'), { name }, lang()),
  );
export const useRenameTeam = () =>
  useTeamMutation((name: string) =>
    apiSend('PATCH', '/api/team', lazyContract(teamsContracts, 'TeamSchema'), { name }, lang()),
  );
export const useDeleteTeam = () => useTeamMutation(() => apiSend('DELETE', '/api/team', ANY_ANSWER, undefined, lang()));
export const useInvite = () =>
  useTeamMutation((email: string) =>
    apiSend(
      'POST',
      '/api/team/invitations',
      lazyContract(teamsContracts, 'InvitationCreatedSchema'),
      { email },
      lang(),
    ),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiSend('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`, ANY_ANSWER, undefined, lang()),
  );
export const useAcceptInvitation = () =>
  useTeamMutation((token: string) =>
    apiSend('POST', '/api/team/invitations/accept', lazyContract(teamsContracts, 'TeamSchema'), { token }, lang()),
  );
export const useLeaveTeam = () =>
  useTeamMutation(() => apiSend('POST', '/api/team/leave', ANY_ANSWER, undefined, lang()));
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    apiSend('DELETE', `/api/team/members/${encodeURIComponent(userId)}`, ANY_ANSWER, undefined, lang()),
  );
export const useTransferTeam = () =>
  useTeamMutation((userId: string) =>
    apiSend('POST', '/api/team/transfer', lazyContract(teamsContracts, 'TeamSchema'), { userId }, lang()),
  );
