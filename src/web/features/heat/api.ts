import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  HistoryRange,
  HistoryResponseSchema,
  ProjectHeatResponseSchema,
} from '../../../shared/api/heat.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { heatKeys } from './keys.ts';

const path = (...parts: string[]) => `/api/${parts.map(encodeURIComponent).join('/')}`;

export const projectHeatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: heatKeys.project(id),
    queryFn: ({ signal }) => apiGet<typeof ProjectHeatResponseSchema>(path('projects', id, 'heat'), { signal }),
  });

export const projectHistoryQueryOptions = (id: string, range: HistoryRange) =>
  queryOptions({
    queryKey: heatKeys.projectHistory(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof HistoryResponseSchema>(path('projects', id, 'history'), { query: { range }, signal }),
  });

export const sectorHistoryQueryOptions = (id: string, range: HistoryRange) =>
  queryOptions({
    queryKey: heatKeys.sectorHistory(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof HistoryResponseSchema>(path('sectors', id, 'history'), { query: { range }, signal }),
  });

export const useProjectHeat = (id: string) => useQuery(projectHeatQueryOptions(id));

/** Keeps the previous range on screen while another loads. */
export const useProjectHistory = (id: string, range: HistoryRange) =>
  useQuery({ ...projectHistoryQueryOptions(id, range), placeholderData: keepPreviousData });

export const useSectorHistory = (id: string, range: HistoryRange) =>
  useQuery({ ...sectorHistoryQueryOptions(id, range), placeholderData: keepPreviousData });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { heatKeys };
