import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteResponseSchema } from '../../../shared/api/site.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export const siteKeys = { all: ['site'] as const };

/** The operator's public channels (GET /api/site): set in the server's configuration, fixed while it runs. */
export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => apiGet<typeof SiteResponseSchema>('/api/site', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSite = () => useQuery(siteQueryOptions());
