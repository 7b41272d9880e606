import type { Figure, WatchlistItem } from '../../../shared/api/watchlists.schema.ts';

// A holding's figures, each a number only where its inputs exist — otherwise null with the reason (never invented).

export type ItemRow = Omit<WatchlistItem, 'value' | 'pnl' | 'change24h' | 'addedAt'> & { addedAt: Date };

const none = (reason: Figure['reason']): Figure => ({ value: null, reason });
const some = (value: number): Figure => ({ value, reason: null });

export function holdingFigures(row: ItemRow): Pick<WatchlistItem, 'value' | 'pnl' | 'change24h'> {
  if (row.amount === null) return { value: none('no_amount'), pnl: none('no_amount'), change24h: none('no_amount') };
  if (row.price === null) return { value: none('no_price'), pnl: none('no_price'), change24h: none('no_price') };
  const value = row.amount * row.price;
  const pnl = row.costBasis === null ? none('no_cost_basis') : some(value - row.costBasis);
  // The price 24 h ago is price / (1 + pct/100); a change of -100 % or less would mean a price of zero then.
  const pct = row.priceChange24h;
  const change24h = pct === null || pct <= -100 ? none('no_change') : some(value - value / (1 + pct / 100));
  return { value: some(value), pnl, change24h };
}

export function toItem(row: ItemRow): WatchlistItem {
  return { ...row, addedAt: row.addedAt.toISOString(), ...holdingFigures(row) };
}

const sumOf = (values: (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};

/** Totals over the holdings that have each figure, with how many holdings were left out for lack of a price. */
export function totalsOf(items: WatchlistItem[]) {
  const holdings = items.filter((i) => i.amount !== null);
  const priced = holdings.filter((i) => i.value.value !== null);
  const scored = items.map((i) => i.heatScore).filter((h): h is number => h !== null);
  const withPnl = priced.filter((i) => i.pnl.value !== null);
  const withChange = priced.filter((i) => i.change24h.value !== null);
  return {
    value: sumOf(priced.map((i) => i.value.value)),
    // The cost of exactly the holdings the P&L total covers, so total value − total cost is not mixed across sets.
    costBasis: sumOf(withPnl.map((i) => i.costBasis)),
    pnl: sumOf(withPnl.map((i) => i.pnl.value)),
    change24h: sumOf(withChange.map((i) => i.change24h.value)),
    holdings: items.length,
    pricedHoldings: priced.length,
    unpricedHoldings: holdings.length - priced.length,
    pnlHoldings: withPnl.length,
    changeHoldings: withChange.length,
    averageHeat: scored.length === 0 ? null : scored.reduce((a, b) => a + b, 0) / scored.length,
    scoredProjects: scored.length,
  };
}
