import { expect, test } from 'vitest';
import { DirectoryFiltersSchema } from './exports.schema.ts';
import { DIRECTORY_FILTER_KEYS, SEARCH_EXPORT_KEYS } from './exports.values.ts';
import { SearchQuerySchema } from './search.schema.ts';

// The key lists the web reads without zod are the schemas' own: a filter added to a schema and not to the list (or the
// other way round) would be dropped from, or refused in, an export.
test('the export key lists are the keys of the schemas they stand for', () => {
  expect([...DIRECTORY_FILTER_KEYS].sort()).toEqual(Object.keys(DirectoryFiltersSchema.shape).sort());
  const searchKeys = Object.keys(SearchQuerySchema.shape).filter((key) => !['limit', 'offset', 'lang'].includes(key));
  expect([...SEARCH_EXPORT_KEYS].sort()).toEqual(searchKeys.sort());
});
