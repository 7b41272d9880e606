import { describe, expect, test } from 'vitest';
import { parseDirectoryParams, toListParams } from './use-directory-params.ts';

describe('directory URL state', () => {
  test('an empty URL is the default view: heat, highest first, page 1', () => {
    expect(parseDirectoryParams(new URLSearchParams())).toEqual({
      sort: 'heat',
      order: 'desc',
      category: undefined,
      chain: undefined,
      status: undefined,
      verified: undefined,
      q: undefined,
      page: 1,
      pageSize: 20,
    });
  });

  test('name sorts A→Z by default; junk values fall back instead of reaching the API', () => {
    const filters = parseDirectoryParams(new URLSearchParams('sort=name&status=hot&verified=maybe&page=-3&q=%20%20'));

    expect(filters).toMatchObject({ sort: 'name', order: 'asc', status: undefined, verified: undefined, page: 1 });
    expect(filters.q).toBeUndefined();
  });

  test('filters and page become list parameters with a 20-row offset', () => {
    const filters = parseDirectoryParams(
      new URLSearchParams('category=DeFi&chain=BNB%20Chain&status=trending&verified=true&page=3&sort=volume'),
    );

    expect(toListParams(filters)).toEqual({
      sort: 'volume',
      order: 'desc',
      category: 'DeFi',
      chain: 'BNB Chain',
      status: 'trending',
      verified: true,
      q: undefined,
      pageSize: 20,
      limit: 20,
      offset: 40,
    });
  });

  test.each([
    { url: 'pageSize=50&page=2', pageSize: 50, offset: 50 },
    { url: 'pageSize=100', pageSize: 100, offset: 0 },
    { url: 'pageSize=7', pageSize: 20, offset: 0 },
    { url: 'pageSize=abc&page=2', pageSize: 20, offset: 20 },
  ])('?$url pages by $pageSize (an unknown size falls back to 20)', ({ url, pageSize, offset }) => {
    const params = toListParams(parseDirectoryParams(new URLSearchParams(url)));

    expect(params).toMatchObject({ pageSize, limit: pageSize, offset });
  });

  test('a fixed size (/data-tool) is a limit, not a page size', () => {
    const params = toListParams(parseDirectoryParams(new URLSearchParams('page=2')), 50);

    expect(params).toMatchObject({ limit: 50, offset: 50 });
    expect(params).not.toHaveProperty('pageSize');
  });
});
