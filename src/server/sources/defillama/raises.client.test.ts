import { describe, expect, test } from 'vitest';
import { DefillamaRaiseSchema } from './raises.client.ts';

// A /raises element as DefiLlama sends it (recorded shape, docs/ingestion.md "Raises"): its strings carry stray
// spaces ("Strategic ", investor names with a trailing space or a double space), which the adapter normalises.
const RECORDED = {
  date: 1_700_000_000,
  name: ' Aave  ',
  round: 'Strategic ',
  amount: 25,
  valuation: '',
  chains: ['Ethereum ', ' '],
  sector: 'Lending\u00a0',
  category: 'Lending',
  leadInvestors: ['Paradigm ', 'a16z\tcrypto'],
  otherInvestors: [],
  source: ' https://example.com/aave-raise ',
  defillamaId: 1599,
};

describe('DefiLlama raise adapter', () => {
  test('trims and collapses whitespace in every text field; blank text becomes null or is dropped', () => {
    const raise = DefillamaRaiseSchema.parse(RECORDED);

    expect(raise).toMatchObject({
      name: 'Aave',
      round: 'Strategic',
      sector: 'Lending',
      chains: ['Ethereum'],
      leadInvestors: ['Paradigm', 'a16z crypto'],
      source: 'https://example.com/aave-raise',
      valuation: null,
      defillamaId: '1599',
    });
    expect(DefillamaRaiseSchema.parse({ ...RECORDED, round: '   ' }).round).toBeNull();
  });

  test('a name that is only whitespace is refused (the row is skipped and counted)', () => {
    expect(DefillamaRaiseSchema.safeParse({ ...RECORDED, name: ' \t ' }).success).toBe(false);
  });
});
