import { describe, expect, test } from 'vitest';
import { isRunnable, readSearchQuery, searchHref } from './search-url.ts';

describe('the search in the URL', () => {
  test('reads the known keys only, trimmed, without empty values or the page', () => {
    const params = new URLSearchParams('q=%20swap%20&category=defi&heatMin=&page=3&utm=x&sort=heat&verified=true');
    expect(readSearchQuery(params)).toEqual({ q: 'swap', category: 'defi', verified: 'true', sort: 'heat' });
  });

  test('a saved query becomes its /search link, in a stable key order, page 1', () => {
    expect(searchHref({ category: 'defi', q: 'swap', heatMin: 50, verified: true })).toBe(
      '/search?q=swap&category=defi&verified=true&heatMin=50',
    );
    expect(searchHref({})).toBe('/search');
  });

  test('runs with a text or any filter, not with a sort alone', () => {
    expect(isRunnable({ q: 'a' })).toBe(true);
    expect(isRunnable({ chain: 'Ethereum' })).toBe(true);
    expect(isRunnable({ sort: 'heat' })).toBe(false);
    expect(isRunnable({})).toBe(false);
  });
});
