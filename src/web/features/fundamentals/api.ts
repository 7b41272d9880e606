import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingResponseSchema } from '../../../shared/api/fundamentals.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { fundingKeys } from './keys.ts';

export const projectFundingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: fundingKeys.project(id),
    queryFn: ({ signal }) =>
      apiGet<typeof FundingResponseSchema>(`/api/projects/${encodeURIComponent(id)}/funding`, { signal }),
  });

export const useProjectFunding = (id: string) => useQuery(projectFundingQueryOptions(id));

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { fundingKeys };
