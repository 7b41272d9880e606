import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../../shared/api/common.schema.ts';
import { PROJECT_SORTS, type ProjectSort } from '../../../../shared/api/projects.schema.ts';
import type { ProjectListParams } from '../api.ts';

export const DIRECTORY_PAGE_SIZE = 20;

export type DirectoryFilters = {
  sort: ProjectSort;
  order: 'asc' | 'desc';
  category?: string;
  chain?: string;
  status?: ProjectStatus;
  verified?: 'true' | 'false';
  q?: string;
  page: number; // 1-based
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
  return {
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultOrder(sort),
    category: text(params.get('category')),
    chain: text(params.get('chain')),
    status: oneOf(PROJECT_STATUSES, params.get('status')),
    verified: oneOf(['true', 'false'] as const, params.get('verified')),
    q: text(params.get('q'), 100),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export function toListParams(filters: DirectoryFilters, pageSize = DIRECTORY_PAGE_SIZE): ProjectListParams {
  const { page, verified, ...rest } = filters;
  return {
    ...rest,
    verified: verified === undefined ? undefined : verified === 'true',
    limit: pageSize,
    offset: (page - 1) * pageSize,
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

  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  const hasFilters = Boolean(filters.category || filters.chain || filters.status || filters.verified || filters.q);

  return { filters, setFilter, setSort, toggleSort, setPage, reset, hasFilters };
}
