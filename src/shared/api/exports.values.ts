// exports.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

export const EXPORT_SOURCE_KINDS = [
  'directory',
  'search',
  'saved_search',
  'watchlist',
  'sector',
  'project_history',
] as const;

export type ExportSourceKind = (typeof EXPORT_SOURCE_KINDS)[number];

/**
 * The directory's URL parameters an export keeps: `DirectoryFiltersSchema`'s keys (exports.values.test.ts holds the
 * two equal), listed here so the directory page's export link needs no zod.
 */
export const DIRECTORY_FILTER_KEYS = [
  'sort',
  'order',
  'category',
  'chain',
  'status',
  'scored',
  'verified',
  'q',
] as const;

/** The search's URL parameters an export keeps: `SearchQuerySchema`'s keys but its page and language (same test). */
export const SEARCH_EXPORT_KEYS = [
  'q',
  'category',
  'chain',
  'status',
  'verified',
  'heatMin',
  'heatMax',
  'change24hMin',
  'change24hMax',
  'change7dMin',
  'change7dMax',
  'marketCapMin',
  'marketCapMax',
  'volumeMin',
  'volumeMax',
  'listedSince',
  'sort',
] as const;
