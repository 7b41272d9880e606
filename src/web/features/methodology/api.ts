import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EvaluationQuery,
  EvaluationResponseSchema,
  HeatModelsResponseSchema,
} from '../../../shared/api/methodology.schema.ts';
import type {
  CreateProposalBody,
  ProposalListResponseSchema,
  ProposalPreviewBody,
  ProposalPreviewResponseSchema,
  ProposalSchema,
} from '../../../shared/api/weight-proposals.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** Query keys of the methodology page's reads (the evaluation changes once a day, the models on a promotion). */
export const methodologyKeys = {
  all: ['methodology'] as const,
  evaluation: (query: EvaluationFilter) => ['methodology', 'evaluation', query] as const,
  models: ['methodology', 'models'] as const,
  proposals: ['methodology', 'proposals'] as const,
};

/** The part of the evaluation query the page varies (JSON only; the CSV is a download link). */
export type EvaluationFilter = Pick<EvaluationQuery, 'group' | 'horizon' | 'outcome' | 'model' | 'daily'>;

/** The evaluation's URL, for the page's reads and its CSV / JSON download links. */
export function evaluationUrl(filter: Partial<EvaluationFilter>, format: 'json' | 'csv' = 'json'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  if (format === 'csv') params.set('format', 'csv');
  const query = params.toString();
  return `/api/methodology/evaluation${query ? `?${query}` : ''}`;
}

export const evaluationQueryOptions = (filter: EvaluationFilter) =>
  queryOptions({
    queryKey: methodologyKeys.evaluation(filter),
    queryFn: ({ signal }) => apiGet<typeof EvaluationResponseSchema>(evaluationUrl(filter), { signal }),
    staleTime: 5 * 60_000,
  });

export const useEvaluation = (filter: EvaluationFilter) => useQuery(evaluationQueryOptions(filter));

export const useHeatModels = () =>
  useQuery({
    queryKey: methodologyKeys.models,
    queryFn: ({ signal }) => apiGet<typeof HeatModelsResponseSchema>('/api/methodology/models', { signal }),
    staleTime: 5 * 60_000,
  });

const lang = () => ({ query: { lang: currentLanguage() } });

/** Public weight proposals and mine (per viewer: never shared between accounts). */
export const useProposals = () =>
  useQuery({
    queryKey: methodologyKeys.proposals,
    queryFn: ({ signal }) => apiGet<typeof ProposalListResponseSchema>('/api/methodology/proposals', { signal }),
  });

/** Ranks every project (or one sector) under the weights, beside today, with an evaluation (premium). */
export const usePreviewProposal = () =>
  useMutation({
    mutationFn: (body: ProposalPreviewBody) =>
      apiSend<typeof ProposalPreviewResponseSchema>('POST', '/api/methodology/proposals/preview', body, lang()),
  });

export function useSaveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProposalBody) =>
      apiSend<typeof ProposalSchema>('POST', '/api/methodology/proposals', body, lang()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodologyKeys.proposals }),
  });
}

export function useDeleteProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('DELETE', `/api/methodology/proposals/${encodeURIComponent(id)}`, undefined, lang()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodologyKeys.proposals }),
  });
}
