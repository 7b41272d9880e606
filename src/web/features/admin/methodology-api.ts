import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EvaluationResponseSchema,
  HeatModelSchema,
  HeatModelsResponseSchema,
} from '../../../shared/api/methodology.schema.ts';
import type { ProposalListResponseSchema, ProposalSchema } from '../../../shared/api/weight-proposals.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

// The admin's methodology section: model versions, their stored evaluations, public proposals; promote and make a
// candidate (both admin-only and audited on the server).

const lang = () => ({ query: { lang: currentLanguage() } });

export const adminMethodologyKeys = {
  all: ['admin', 'methodology'] as const,
  models: ['admin', 'methodology', 'models'] as const,
  evaluation: ['admin', 'methodology', 'evaluation'] as const,
  proposals: ['admin', 'methodology', 'proposals'] as const,
};

/** Every model version with the changelog (GET /api/methodology/models). */
export const useAdminHeatModels = () =>
  useQuery({
    queryKey: adminMethodologyKeys.models,
    queryFn: ({ signal }) => apiGet<typeof HeatModelsResponseSchema>('/api/methodology/models', { signal }),
  });

/** The stored evaluations of every version replayed on the same history, 7-day horizon, whole universe. */
export const useAdminModelEvaluation = () =>
  useQuery({
    queryKey: adminMethodologyKeys.evaluation,
    queryFn: ({ signal }) =>
      apiGet<typeof EvaluationResponseSchema>('/api/methodology/evaluation', {
        signal,
        query: { basis: 'replayed', horizon: 7, group: 'all' },
      }),
  });

/** Public weight proposals (and the admin's own) with their evaluations. */
export const useAdminProposals = () =>
  useQuery({
    queryKey: adminMethodologyKeys.proposals,
    queryFn: ({ signal }) => apiGet<typeof ProposalListResponseSchema>('/api/methodology/proposals', { signal }),
  });

/** Promotes a candidate; every methodology answer is read again (the models, the changelog, the proposals). */
export function usePromoteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<typeof HeatModelSchema>(
        'POST',
        `/api/admin/methodology/models/${encodeURIComponent(id)}/promote`,
        undefined,
        lang(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMethodologyKeys.all }),
  });
}

/** Turns a public proposal into candidate model `modelId`. */
export function useMakeCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, modelId }: { proposalId: string; modelId: string }) =>
      apiSend<typeof ProposalSchema>(
        'POST',
        `/api/admin/methodology/proposals/${proposalId}/candidate`,
        { id: modelId },
        lang(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMethodologyKeys.all }),
  });
}
