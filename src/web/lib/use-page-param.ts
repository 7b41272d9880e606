import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A 1-based ?page= in the URL (absent = 1), so a paged view can be shared and survives reloads. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((previous) => {
        const copy = new URLSearchParams(previous);
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      }),
    [setParams],
  );
  return [page, setPage];
}
