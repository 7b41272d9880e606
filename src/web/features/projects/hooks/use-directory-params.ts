import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectStatus } from '../../../../shared/api/common.schema.ts';
import { PROJECT_STATUSES } from '../../../../shared/api/common.values.ts';
import type { ProjectSort } from '../../../../shared/api/projects.schema.ts';
import { DIRECTORY_PAGE_SIZES, type DirectoryPageSize, PROJECT_SORTS } from '../../../../shared/api/projects.values.ts';
import type { ProjectListParams } from '../api.ts';

export const DIRECTORY_PAGE_SIZE: DirectoryPageSize = 20;

export type DirectoryFilters = {
  sort: ProjectSort;
  order: 'asc' | 'desc';
  category?: string;
  chain?: string;
  status?: ProjectStatus;
  verified?: 'true' | 'false';
  q?: string;
  page: number; // 1-based
  /** Rows per page: 20 (default, kept out of the URL), 50 or 100 (?pageSize=). */
  pageSize: DirectoryPageSize;
};

type FilterKey = 'category' | 'chain' | 'status' | 'verified' | 'q';

/** Natural order per sort: names A→Z, everything else highest first (matches the API default). */
export const defaultOrder = (sort: ProjectSort): 'asc' | 'desc' => (sort === 'name' ? 'asc' : 'desc');

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const text = (raw: string | null, max = 64): string | undefined => {
  const value = raw?.trim();
  return value ? value.slice(0, max) : undefined;
};

/** Reads the directory's filters from the URL (tolerating junk), so a shared link reproduces the view. */
export function parseDirectoryParams(params: URLSearchParams): DirectoryFilters {
  const sort = oneOf(PROJECT_SORTS, params.get('sort')) ?? 'heat';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const pageSize = Number(params.get('pageSize'));
  return {
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultOrder(sort),
    category: text(params.get('category')),
    chain: text(params.get('chain')),
    status: oneOf(PROJECT_STATUSES, params.get('status')),
    verified: oneOf(['true', 'false'] as const, params.get('verified')),
    q: text(params.get('q'), 100),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: (DIRECTORY_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? (pageSize as DirectoryPageSize)
      : DIRECTORY_PAGE_SIZE,
  };
}

/**
 * The API's query for the view. The directory's page size goes as ?pageSize= (the server accepts only 20/50/100); a
 * caller with its own fixed size (/data-tool) passes `limit` instead.
 */
export function toListParams(filters: DirectoryFilters, limit?: number): ProjectListParams {
  const { page, verified, pageSize, ...rest } = filters;
  const size = limit ?? pageSize;
  return {
    ...rest,
    verified: verified === undefined ? undefined : verified === 'true',
    ...(limit === undefined ? { pageSize } : {}),
    limit: size,
    offset: (page - 1) * size,
  };
}

/** Directory state held in the URL: filters, sort and page, with setters that reset the page when filters change. */
export function useDirectoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseDirectoryParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Record<string, string | undefined>, resetPage = true) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );

  const setFilter = useCallback((key: FilterKey, value: string | undefined) => update({ [key]: value }), [update]);

  // Defaults stay out of the URL so the plain /directory link and the default view are the same page.
  const setSort = useCallback(
    (sort: ProjectSort, order: 'asc' | 'desc') =>
      update({ sort: sort === 'heat' ? undefined : sort, order: order === defaultOrder(sort) ? undefined : order }),
    [update],
  );

  /** Clicking the active column flips the order; another column starts at its natural order. */
  const toggleSort = useCallback(
    (sort: ProjectSort) =>
      setSort(sort, filters.sort === sort ? (filters.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort)),
    [filters.sort, filters.order, setSort],
  );

  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : undefined }, false), [update]);

  /** A new page size starts again at page 1 (the old page number would point elsewhere). */
  const setPageSize = useCallback(
    (size: DirectoryPageSize) => update({ pageSize: size === DIRECTORY_PAGE_SIZE ? undefined : String(size) }),
    [update],
  );

  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  const hasFilters = Boolean(filters.category || filters.chain || filters.status || filters.verified || filters.q);

  return { filters, setFilter, setSort, toggleSort, setPage, setPageSize, reset, hasFilters };
}
