import { queryOptions, useQuery } from '@tanstack/react-query';
import { SocialSummarySchema } from '../../../shared/api/social.schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export const socialKeys = {
  all: ['social'] as const,
  project: (id: string) => ['social', 'project', id] as const,
};

export const projectSocialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: socialKeys.project(id),
    queryFn: ({ signal }) => apiGet(`/api/projects/${encodeURIComponent(id)}/social`, SocialSummarySchema, { signal }),
  });

/** The project's social summary from stored X reads (GET /api/projects/:id/social). */
export const useProjectSocial = (id: string) => useQuery(projectSocialQueryOptions(id));
