import { queryOptions, useQuery } from '@tanstack/react-query';
import { FundingResponseSchema } from '../../../shared/api/fundamentals.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export const fundingKeys = {
  all: ['funding'] as const,
  project: (id: string) => ['funding', 'project', id] as const,
};

export const projectFundingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: fundingKeys.project(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/projects/${encodeURIComponent(id)}/funding`, FundingResponseSchema, { signal }),
  });

export const useProjectFunding = (id: string) => useQuery(projectFundingQueryOptions(id));
