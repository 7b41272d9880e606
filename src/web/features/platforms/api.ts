import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PlatformDetailResponseSchema,
  PlatformListResponseSchema,
  PlatformSort,
} from '../../../shared/api/platforms.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { platformKeys } from './keys.ts';

export type PlatformKind = 'chain' | 'launchpad';
export type PlatformPage = { limit: number; offset: number };
/** The list as asked: kind, part of the name, sort (GET /api/platforms). */
export type PlatformListQuery = { kind?: PlatformKind; q?: string; sort?: PlatformSort };

export const platformsQueryOptions = (query: PlatformListQuery = {}) =>
  queryOptions({
    queryKey: platformKeys.list(query),
    queryFn: ({ signal }) =>
      apiGet<typeof PlatformListResponseSchema>('/api/platforms', {
        query: { kind: query.kind, q: query.q?.trim(), sort: query.sort === 'projects' ? undefined : query.sort },
        signal,
      }),
  });

export const platformQueryOptions = (id: string, page: PlatformPage) =>
  queryOptions({
    queryKey: platformKeys.detail(id, page),
    queryFn: ({ signal }) =>
      apiGet<typeof PlatformDetailResponseSchema>(`/api/platforms/${encodeURIComponent(id)}`, { query: page, signal }),
  });

/** A kind alone ('chain') is the common case (directory and search filters); the platforms page passes a query. */
export const usePlatforms = (query: PlatformKind | PlatformListQuery = {}) =>
  useQuery({
    ...platformsQueryOptions(typeof query === 'string' ? { kind: query } : query),
    placeholderData: keepPreviousData,
  });

export const usePlatform = (id: string, page: PlatformPage) =>
  useQuery({ ...platformQueryOptions(id, page), placeholderData: keepPreviousData });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { platformKeys };
