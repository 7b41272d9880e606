// The projects contract's plain values (no zod): the web's search box reads them on the first page load without the
// schemas (projects.schema.ts re-exports them).

/** The longest free-text query (characters) the search and directory accept. */
export const MAX_QUERY_TEXT = 100;
