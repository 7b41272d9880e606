type PaginationProps = {
  page: number; // 1-based
  pageCount: number;
  onPageChange: (page: number) => void;
  labels: { nav: string; previous: string; next: string; status: string };
};

/** Previous / next with a "page X of Y" status; the labels come translated from the caller. */
export function Pagination({ page, pageCount, onPageChange, labels }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex items-center justify-between gap-4 py-4">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {labels.previous}
      </button>
      <span className="muted text-sm" aria-live="polite">
        {labels.status}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {labels.next}
      </button>
    </nav>
  );
}
