import type { ProjectListParams } from '../../features/projects/api.ts';

/**
 * The home page's "hot projects": the top of the heat ranking, scored projects only (a "top" widget ranks only what
 * we know). One object for the page's hook and the first render's request (first-page-queries.ts), so both have the
 * same query key.
 */
export const HOME_HOT_PROJECTS = {
  sort: 'heat',
  limit: 6,
  offset: 0,
  scored: true,
} as const satisfies ProjectListParams;
