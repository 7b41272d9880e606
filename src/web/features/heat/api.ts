import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type HistoryRange,
  HistoryResponseSchema,
  ProjectHeatResponseSchema,
} from '../../../shared/api/heat.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

/** Query keys of the heat engine's reads; invalidate `heatKeys.all` on `heat.recomputed`. */
export const heatKeys = {
  all: ['heat'] as const,
  project: (id: string) => ['heat', 'project', id] as const,
  projectHistory: (id: string, range: HistoryRange) => ['heat', 'project-history', id, range] as const,
  sectorHistory: (id: string, range: HistoryRange) => ['heat', 'sector-history', id, range] as const,
};

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
