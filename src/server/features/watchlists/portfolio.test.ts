import { describe, expect, test } from 'vitest';
import { type ItemRow, toItem, totalsOf } from './portfolio.ts';

const row = (over: Partial<ItemRow>): ItemRow => ({
  projectId: 'p',
  name: 'P',
  symbol: null,
  logoUrl: null,
  heatScore: null,
  price: null,
  priceChange24h: null,
  marketCap: null,
  addedAt: new Date(0),
  amount: null,
  costBasis: null,
  note: null,
  ...over,
});

describe('portfolio figures', () => {
  test('a figure is a number only where its inputs exist, else null with the reason', () => {
    expect(toItem(row({ price: 3 })).value).toEqual({ value: null, reason: 'no_amount' });
    expect(toItem(row({ amount: 2 })).pnl).toEqual({ value: null, reason: 'no_price' });
    const item = toItem(row({ amount: 2, price: 3, priceChange24h: -50, costBasis: 10 }));
    // 2 × 3 = 6, paid 10 → −4; −50 % in 24 h → worth 12 a day ago → −6.
    expect([item.value.value, item.pnl.value, item.change24h.value]).toEqual([6, -4, -6]);
    // −100 % would mean a zero price a day ago: no honest 24 h figure.
    expect(toItem(row({ amount: 1, price: 1, priceChange24h: -100 })).change24h).toEqual({
      value: null,
      reason: 'no_change',
    });
    expect(toItem(row({ amount: 0, price: 5, costBasis: 0 })).pnl).toEqual({ value: 0, reason: null });
  });

  test('totals cover the holdings that have each figure and say how many were left out', () => {
    const items = [
      toItem(row({ amount: 1, price: 10, costBasis: 4, heatScore: 90 })),
      toItem(row({ amount: 1, price: 5, heatScore: 10 })),
      toItem(row({ amount: 1, costBasis: 100 })),
      toItem(row({})),
    ];
    expect(totalsOf(items)).toEqual({
      value: 15,
      costBasis: 4,
      pnl: 6,
      change24h: null,
      holdings: 4,
      pricedHoldings: 2,
      unpricedHoldings: 1,
      pnlHoldings: 1,
      changeHoldings: 0,
      averageHeat: 50,
      scoredProjects: 2,
    });
    expect(totalsOf([]).value).toBeNull();
    expect(totalsOf([]).holdings).toBe(0);
  });
});
