import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompareResponseSchema, TrendResponseSchema } from '../../../shared/api/compare.schema.ts';
import type { TrendRange } from '../../../shared/api/heat.schema.ts';
import type { ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { compareKeys } from './keys.ts';

/** GET /api/compare: only asked for with 2–5 ids and a viewer who may use it (the server refuses the rest anyway). */
export const useCompare = (ids: readonly string[], range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.compare(ids, range),
    queryFn: ({ signal }) =>
      apiGet<typeof CompareResponseSchema>('/api/compare', { query: { ids: ids.join(','), range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useProjectTrend = (id: string, range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.projectTrend(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof TrendResponseSchema>(`/api/projects/${encodeURIComponent(id)}/trend`, { query: { range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSectorTrend = (id: string, range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.sectorTrend(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof TrendResponseSchema>(`/api/sectors/${encodeURIComponent(id)}/trend`, { query: { range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The picker's matches: the directory's name filter (GET /api/projects?q=), never the counted search. */
export const useProjectPicker = (q: string) =>
  useQuery({
    queryKey: compareKeys.picker(q),
    queryFn: ({ signal }) =>
      apiGet<typeof ProjectListResponseSchema>('/api/projects', { query: { q, limit: 8, sort: 'heat' }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { compareKeys };
