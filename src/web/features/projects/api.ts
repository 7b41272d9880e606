import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ProjectDirectoryResponseSchema,
  ProjectListQuery,
  ProjectSchema,
} from '../../../shared/api/projects.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { projectKeys } from './keys.ts';

/** Query parameters for GET /api/projects: the contract's parsed shape (defaults filled, verified as boolean). */
export type ProjectListParams = Omit<ProjectListQuery, 'lang' | 'pageSize'> & {
  pageSize?: ProjectListQuery['pageSize'];
};

export const projectListQueryOptions = (params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => apiGet<typeof ProjectDirectoryResponseSchema>('/api/projects', { query: params, signal }),
  });

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => apiGet<typeof ProjectSchema>(`/api/projects/${encodeURIComponent(id)}`, { signal }),
  });

/** A page of projects; keeps the previous page on screen while the next one loads. */
export const useProjects = (params: ProjectListParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectListQueryOptions(params), placeholderData: keepPreviousData, ...options });

export const useProject = (id: string) => useQuery(projectQueryOptions(id));

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { projectKeys };
