import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialSummarySchema } from '../../../shared/api/social.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { socialKeys } from './keys.ts';

export const projectSocialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: socialKeys.project(id),
    queryFn: ({ signal }) =>
      apiGet<typeof SocialSummarySchema>(`/api/projects/${encodeURIComponent(id)}/social`, { signal }),
  });

/** The project's social summary from stored X reads (GET /api/projects/:id/social). */
export const useProjectSocial = (id: string) => useQuery(projectSocialQueryOptions(id));

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { socialKeys };
