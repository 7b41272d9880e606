import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorText } from '../../../lib/errors.ts';

type Props<T> = {
  query: UseQueryResult<{ items: T[] }, Error>;
  /** The list's title: the error panel repeats it. */
  title: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
};

/** An admin tab's list of rows (ads, social accounts): loading, its error, "none yet", or one row per item. */
export function AdminItemList<T>({ query, title, emptyText, renderItem }: Props<T>) {
  const errorText = useErrorText();
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <ErrorPanel title={title} message={errorText(query.error)} />;
  if (query.data.items.length === 0) return <p className="muted text-sm">{emptyText}</p>;
  return <ul className="divide-y divide-slate-200 dark:divide-slate-800">{query.data.items.map(renderItem)}</ul>;
}
