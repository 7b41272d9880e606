import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type HistoryRange,
  HistoryResponseSchema,
  ProjectHeatResponseSchema,
} from '../../../shared/api/heat.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { heatKeys } from './keys.ts';

const path = (...parts: string[]) => `/api/${parts.map(encodeURIComponent).join('/')}`;

export const projectHeatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: heatKeys.project(id),
    queryFn: ({ signal }) => apiGet(path('projects', id, 'heat'), ProjectHeatResponseSchema, { signal }),
  });

export const projectHistoryQueryOptions = (id: string, range: HistoryRange) =>
  queryOptions({
    queryKey: heatKeys.projectHistory(id, range),
    queryFn: ({ signal }) =>
      apiGet(path('projects', id, 'history'), HistoryResponseSchema, { query: { range }, signal }),
  });

export const sectorHistoryQueryOptions = (id: string, range: HistoryRange) =>
  queryOptions({
    queryKey: heatKeys.sectorHistory(id, range),
    queryFn: ({ signal }) =>
      apiGet(path('sectors', id, 'history'), HistoryResponseSchema, { query: { range }, signal }),
  });

export const useProjectHeat = (id: string) => useQuery(projectHeatQueryOptions(id));

/** Keeps the previous range on screen while another loads. */
export const useProjectHistory = (id: string, range: HistoryRange) =>
  useQuery({ ...projectHistoryQueryOptions(id, range), placeholderData: keepPreviousData });

export const useSectorHistory = (id: string, range: HistoryRange) =>
  useQuery({ ...sectorHistoryQueryOptions(id, range), placeholderData: keepPreviousData });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { heatKeys };
