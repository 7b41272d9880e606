import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { PastLastPage } from './past-last-page.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Skeleton } from './ui/skeleton.tsx';

type DetailPageProps<T> = {
  query: UseQueryResult<T>;
  back: { to: string; label: string };
  /** Height class of the header placeholder, matched to the real header so nothing jumps. */
  headerSkeletonClassName: string;
  /** The list placeholder shown under the header placeholder. */
  listSkeleton: ReactNode;
  /** Shown when the API answers 404. */
  notFoundTitle: string;
  /** Shown for any other failure (a retry panel). */
  queryError: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The scaffold of a one-item page (a sector, a platform): a back link above a loading, not-found, failed or loaded
 * body. Features stay apart: the route passes their pieces in, this file imports none of them.
 */
export function DetailPage<T>({
  query,
  back,
  headerSkeletonClassName,
  listSkeleton,
  notFoundTitle,
  queryError,
  children,
}: DetailPageProps<T>) {
  const { t } = useTranslation('app');
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // Loaded, the item's header titles the tab; loading or failed, the page still says where it is.
  useDocumentTitle(query.isPending ? t('loading.title') : notFound ? notFoundTitle : t('data.loadFailed'), {
    enabled: !query.isSuccess,
  });
  const backLink = (
    <Link to={back.to} className="link text-sm">
      ← {back.label}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="space-y-6">
        {backLink}
        <Skeleton className={`${headerSkeletonClassName} w-full`} />
        {listSkeleton}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-6">
        {backLink}
        {notFound ? <EmptyState title={notFoundTitle} /> : queryError}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {backLink}
      {children(query.data)}
    </div>
  );
}

type DetailListSectionProps = {
  /** The heading's id, for aria-labelledby. */
  id: string;
  title: string;
  /** "12 projects", already formatted. */
  countText: string;
  /** Shown instead of the children when the list is empty. */
  emptyTitle: string;
  isEmpty: boolean;
  /** The list's paging: an empty page of a non-empty list is past its end, not "no projects". */
  paging?: { page: number; total: number; pageSize: number };
  children: ReactNode;
};

/** The titled, counted list under a detail page's header. */
export function DetailListSection(props: DetailListSectionProps) {
  const { id, title, countText, emptyTitle, isEmpty, paging, children } = props;
  const pastEnd = isEmpty && paging !== undefined && paging.total > 0;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <span className="muted text-sm">{countText}</span>
      </div>
      {pastEnd ? (
        <PastLastPage page={paging.page} pageCount={Math.ceil(paging.total / paging.pageSize)} />
      ) : isEmpty ? (
        <EmptyState title={emptyTitle} />
      ) : (
        children
      )}
    </section>
  );
}
