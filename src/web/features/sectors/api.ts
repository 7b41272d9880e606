import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SectorDetailResponseSchema, SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { sectorKeys } from './keys.ts';

export type SectorPage = { limit: number; offset: number };

export const sectorsQueryOptions = () =>
  queryOptions({
    queryKey: sectorKeys.list(),
    queryFn: ({ signal }) => apiGet<typeof SectorListResponseSchema>('/api/sectors', { signal }),
  });

export const sectorQueryOptions = (id: string, page: SectorPage) =>
  queryOptions({
    queryKey: sectorKeys.detail(id, page),
    queryFn: ({ signal }) =>
      apiGet<typeof SectorDetailResponseSchema>(`/api/sectors/${encodeURIComponent(id)}`, { query: page, signal }),
  });

export const useSectors = () => useQuery(sectorsQueryOptions());

export const useSector = (id: string, page: SectorPage) =>
  useQuery({ ...sectorQueryOptions(id, page), placeholderData: keepPreviousData });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { sectorKeys };
