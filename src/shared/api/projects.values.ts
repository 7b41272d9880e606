// projects.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

/**
 * The longest free text a search or a directory query takes (characters). Longer input is answered with a 400, never
 * cut short: a cut query would match something the reader did not ask for.
 */
export const MAX_QUERY_TEXT = 100;

export const PROJECT_SORTS = [
  'heat',
  'social',
  'market_cap',
  'volume',
  'change_24h',
  'listed',
  'name',
  'price',
  'followers',
] as const;

/** The directory's page sizes (?pageSize=, in its URL too): any other value is a 400, not a silent clamp. */
export const DIRECTORY_PAGE_SIZES = [20, 50, 100] as const;

export type DirectoryPageSize = (typeof DIRECTORY_PAGE_SIZES)[number];
