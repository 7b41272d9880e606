import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrendRange } from '../../../shared/api/heat.schema.ts';
import { apiGet, lazyContract } from '../../lib/api-client.ts';
import { compareKeys } from './keys.ts';

const compareContracts = () => import('../../../shared/api/compare.schema.ts');
const projectsContracts = () => import('../../../shared/api/projects.schema.ts');

/** GET /api/compare: only asked for with 2–5 ids and a viewer who may use it (the server refuses the rest anyway). */
export const useCompare = (ids: readonly string[], range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.compare(ids, range),
    queryFn: ({ signal }) =>
      apiGet('/api/compare', lazyContract(compareContracts, 'CompareResponseSchema'), {
        query: { ids: ids.join(','), range },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useProjectTrend = (id: string, range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.projectTrend(id, range),
    queryFn: ({ signal }) =>
      apiGet(`/api/projects/${encodeURIComponent(id)}/trend`, lazyContract(compareContracts, 'TrendResponseSchema'), {
        query: { range },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSectorTrend = (id: string, range: TrendRange, enabled: boolean) =>
  useQuery({
    queryKey: compareKeys.sectorTrend(id, range),
    queryFn: ({ signal }) =>
      apiGet(`/api/sectors/${encodeURIComponent(id)}/trend`, lazyContract(compareContracts, 'TrendResponseSchema'), {
        query: { range },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The picker's matches: the directory's name filter (GET /api/projects?q=), never the counted search. */
export const useProjectPicker = (q: string) =>
  useQuery({
    queryKey: compareKeys.picker(q),
    queryFn: ({ signal }) =>
      apiGet('/api/projects', lazyContract(projectsContracts, 'ProjectListResponseSchema'), {
        query: { q, limit: 8, sort: 'heat' },
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { compareKeys };
