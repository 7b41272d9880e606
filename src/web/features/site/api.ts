import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, lazyContract } from '../../lib/api-client.ts';

const siteContracts = () => import('../../../shared/api/site.schema.ts');

export const siteKeys = { all: ['site'] as const };

/** The operator's public channels (GET /api/site): set in the server's configuration, fixed while it runs. */
export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => apiGet('/api/site', lazyContract(siteContracts, 'SiteResponseSchema'), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSite = () => useQuery(siteQueryOptions());
