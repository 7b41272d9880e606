import type { FetchQueryOptions } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { platformsQueryOptions } from '../features/platforms/api.ts';
import { projectListQueryOptions, projectQueryOptions } from '../features/projects/api.ts';
import { parseDirectoryParams, toListParams } from '../features/projects/hooks/use-directory-params.ts';
import { sectorsQueryOptions } from '../features/sectors/api.ts';
import { statsQueryOptions } from '../features/system/api.ts';
import { HOME_HOT_PROJECTS } from './home/home-queries.ts';

// biome-ignore lint/suspicious/noExplicitAny: options of queries with different answers, only handed to prefetchQuery.
type AnyFetchOptions = FetchQueryOptions<any, any, any, any>;

/**
 * The answers the first screen of the most visited pages shows, with the same keys as the pages' own hooks: requested
 * beside the page's code (app/first-render.ts), so the first render has them. Rendered before them, the page renders
 * its skeletons, then renders again — synchronously — as each answer arrives: the re-renders were a third of the home
 * page's rendering work on a phone. A page not listed here renders as before: `/sectors` is not: waiting for its answer,
 * its largest paint came ~1.2 s later in 4 of 6 Lighthouse runs (docs/web-performance.md).
 */
export function firstPageQueries(pathname: string, search: string): AnyFetchOptions[] {
  if (pathname === '/') {
    return [statsQueryOptions(), projectListQueryOptions(HOME_HOT_PROJECTS), sectorsQueryOptions()];
  }
  if (pathname === '/directory') {
    const filters = parseDirectoryParams(new URLSearchParams(search));
    return [
      projectListQueryOptions(toListParams(filters)),
      sectorsQueryOptions(),
      platformsQueryOptions({ kind: 'chain' }),
    ];
  }
  const project = matchPath('/project/:id', pathname);
  if (project?.params.id) return [projectQueryOptions(project.params.id), sectorsQueryOptions()];
  return [];
}
