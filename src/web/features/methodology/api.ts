import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type EvaluationQuery,
  EvaluationResponseSchema,
  HeatModelsResponseSchema,
} from '../../../shared/api/methodology.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

/** Query keys of the methodology page's reads (the evaluation changes once a day, the models on a promotion). */
export const methodologyKeys = {
  all: ['methodology'] as const,
  evaluation: (query: EvaluationFilter) => ['methodology', 'evaluation', query] as const,
  models: ['methodology', 'models'] as const,
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
    queryFn: ({ signal }) => apiGet(evaluationUrl(filter), EvaluationResponseSchema, { signal }),
    staleTime: 5 * 60_000,
  });

export const useEvaluation = (filter: EvaluationFilter) => useQuery(evaluationQueryOptions(filter));

export const useHeatModels = () =>
  useQuery({
    queryKey: methodologyKeys.models,
    queryFn: ({ signal }) => apiGet('/api/methodology/models', HeatModelsResponseSchema, { signal }),
    staleTime: 5 * 60_000,
  });
