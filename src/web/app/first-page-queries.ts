import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { platformsQueryOptions } from '../features/platforms/api.ts';
import { projectListQueryOptions, projectQueryOptions } from '../features/projects/api.ts';
import { parseDirectoryParams, toListParams } from '../features/projects/hooks/use-directory-params.ts';
import { sectorsQueryOptions } from '../features/sectors/api.ts';
import { statsQueryOptions } from '../features/system/api.ts';
import { HOME_HOT_PROJECTS } from './home/home-queries.ts';

/**
 * Requests the answers the first screen of the most visited pages shows, with the same keys as the pages' own hooks:
 * beside the page's code (app/first-render.ts), so the first render has them. Rendered before them, the page renders
 * its skeletons, then renders again — synchronously — as each answer arrives: the re-renders were a third of the home
 * page's rendering work on a phone. One attempt each, as for the shell's answers. A page not listed here renders as
 * before: `/sectors` is not, as waiting for its answer its largest paint came ~1.2 s later in 4 of 6 Lighthouse runs
 * (docs/web-performance.md).
 */
export function prefetchFirstPage(queryClient: QueryClient, { pathname, search }: FirstPageLocation): Promise<void>[] {
  const once = <TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) =>
    queryClient.prefetchQuery({ ...options, retry: false });
  if (pathname === '/') {
    return [once(statsQueryOptions()), once(projectListQueryOptions(HOME_HOT_PROJECTS)), once(sectorsQueryOptions())];
  }
  if (pathname === '/directory') {
    const filters = parseDirectoryParams(new URLSearchParams(search));
    return [
      once(projectListQueryOptions(toListParams(filters))),
      once(sectorsQueryOptions()),
      once(platformsQueryOptions({ kind: 'chain' })),
    ];
  }
  const project = matchPath('/project/:id', pathname);
  if (project?.params.id) return [once(projectQueryOptions(project.params.id)), once(sectorsQueryOptions())];
  return [];
}

export type FirstPageLocation = Pick<Location, 'pathname' | 'search'>;
