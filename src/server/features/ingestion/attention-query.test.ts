import { describe, expect, test } from 'vitest';
import { readCatalogue } from '../catalogue/catalogue.service.ts';
import { buildAttentionQuery, CONTEXT_TERMS, isAmbiguousName } from './attention-query.ts';

/** The query's terms outside any parenthesised OR-group: what every match must contain. */
const required = (query: string) => query.replace(/\([^)]*\)/g, ' ').trim();
const contextGroup = (query: string) => query.match(/\(([^)]*)\)/)?.[1]?.split(' OR ') ?? [];

describe('the common-word rule: an everyday name never counts alone', () => {
  test.each([
    ['Near', 'NEAR'],
    ['Maker', 'MKR'],
    ['The Graph', 'GRT'],
    ['Flow', 'FLOW'],
    ['Sui', 'SUI'],
    ['Base', null],
    ['Rocket Pool', 'RPL'],
    ['Aave', 'AAVE'],
  ])('"%s" (%s) needs crypto context', (name, symbol) => {
    const built = buildAttentionQuery({ name, symbol });

    expect(built?.ambiguous).toBe(true);
    expect(built?.query).not.toBe(`"${name}"`);
    expect(required(built?.query ?? '')).toBe(`"${name}"`);
    const group = contextGroup(built?.query ?? '');
    expect(group).toEqual(expect.arrayContaining([...CONTEXT_TERMS]));
    // The ticker helps only when it is not the name again: "Near (… OR NEAR)" would be "Near" alone.
    for (const term of group) expect(name.toLowerCase().split(' ')).not.toContain(term.toLowerCase());
  });

  test('a distinct ticker joins the context; a ticker that is the name, a word or too short does not', () => {
    expect(contextGroup(buildAttentionQuery({ name: 'The Graph', symbol: 'GRT' })?.query ?? '')).toContain('GRT');
    expect(contextGroup(buildAttentionQuery({ name: 'Near', symbol: 'NEAR' })?.query ?? '')).not.toContain('NEAR');
    expect(contextGroup(buildAttentionQuery({ name: 'Safe', symbol: 'SAFE' })?.query ?? '')).toHaveLength(4);
    expect(contextGroup(buildAttentionQuery({ name: 'Optimism', symbol: 'OP' })?.query ?? '')).toHaveLength(4);
  });

  test('a distinctive name is searched alone, as a quoted phrase', () => {
    for (const name of [
      'Uniswap',
      'Chainlink',
      'Ethereum',
      'MetaMask',
      '1inch',
      'dYdX',
      'PancakeSwap',
      'Hyperliquid',
    ]) {
      expect(isAmbiguousName(name)).toBe(false);
      expect(buildAttentionQuery({ name, symbol: 'X' })).toEqual({
        query: `"${name}"`,
        ambiguous: false,
        origin: 'built',
      });
    }
  });

  test('a parenthetical is left out of the name', () => {
    expect(buildAttentionQuery({ name: 'Sky (MakerDAO)', symbol: 'SKY' })?.query).toBe(
      '"Sky" (crypto OR cryptocurrency OR blockchain OR token)',
    );
  });

  test('a curated query replaces the built one, unless it is just an ambiguous name again', () => {
    const curated = '("NEAR Protocol" OR "NEAR token")';
    expect(buildAttentionQuery({ name: 'Near', symbol: 'NEAR', newsQuery: curated })).toEqual({
      query: curated,
      ambiguous: true,
      origin: 'curated',
    });
    for (const bare of ['Near', '"Near"', '("near")']) {
      const built = buildAttentionQuery({ name: 'Near', symbol: 'NEAR', newsQuery: bare });
      expect(built?.origin).toBe('built');
      expect(required(built?.query ?? '')).toBe('"Near"');
    }
  });

  test('a name too short to search gives no query (no data rather than a guess)', () => {
    expect(buildAttentionQuery({ name: 'G', symbol: 'G' })).toBeNull();
    expect(buildAttentionQuery({ name: 'W ', symbol: null })).toBeNull();
  });

  test('every catalogue project gets a query, and none of them is an everyday name alone', () => {
    for (const project of readCatalogue().projects) {
      const built = buildAttentionQuery(project);
      expect(built, project.id).not.toBeNull();
      if (built && isAmbiguousName(project.name)) expect(built.ambiguous, project.id).toBe(true);
    }
  });
});
