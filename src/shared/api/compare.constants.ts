// The comparison contract's plain values (no zod): the compare selection, on pages the first page load shares code
// with, reads them without the schemas (compare.schema.ts re-exports them).

/** How many projects a comparison holds, at least and at most. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 5;
