import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformDetailResponseSchema, PlatformListResponseSchema } from '../../../shared/api/platforms.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export type PlatformKind = 'chain' | 'launchpad';
export type PlatformPage = { limit: number; offset: number };

export const platformKeys = {
  all: ['platforms'] as const,
  list: (kind?: PlatformKind) => ['platforms', 'list', kind ?? 'all'] as const,
  detail: (id: string, page: PlatformPage) => ['platforms', 'detail', id, page] as const,
};

export const platformsQueryOptions = (kind?: PlatformKind) =>
  queryOptions({
    queryKey: platformKeys.list(kind),
    queryFn: ({ signal }) => apiGet('/api/platforms', PlatformListResponseSchema, { query: { kind }, signal }),
  });

export const platformQueryOptions = (id: string, page: PlatformPage) =>
  queryOptions({
    queryKey: platformKeys.detail(id, page),
    queryFn: ({ signal }) =>
      apiGet(`/api/platforms/${encodeURIComponent(id)}`, PlatformDetailResponseSchema, { query: page, signal }),
  });

export const usePlatforms = (kind?: PlatformKind) => useQuery(platformsQueryOptions(kind));

export const usePlatform = (id: string, page: PlatformPage) =>
  useQuery({ ...platformQueryOptions(id, page), placeholderData: keepPreviousData });
