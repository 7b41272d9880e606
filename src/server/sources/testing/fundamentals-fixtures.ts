/**
 * A `/raises` answer for tests (unit and browser): two of Uniswap's rounds (matched by name, no DefiLlama id), one
 * matched by DefiLlama id, one no project has, and the source's odd bits (null amount, extra fields, a string
 * valuation). Figures are test data in the source's units: amounts and valuations in millions of USD.
 */
export const UNISWAP_SERIES_B = {
  date: 1665100800, // 2022-10-07
  name: 'Uniswap',
  round: 'Series B',
  amount: 165,
  chains: ['Ethereum'],
  sector: 'Decentralized exchange',
  category: 'DeFi',
  categoryGroup: 'DeFi & CeFi',
  source: 'https://blog.uniswap.org/bringing-web3-to-everyone',
  leadInvestors: ['Polychain Capital'],
  otherInvestors: ['a16z crypto', 'Paradigm', 'SV Angel'],
  valuation: '1660',
  defillamaId: null,
};

export const UNISWAP_SERIES_A = {
  date: 1596758400, // 2020-08-07
  name: 'Uniswap',
  round: 'Series A',
  amount: 11,
  chains: ['Ethereum'],
  sector: 'Decentralized exchange',
  category: 'DeFi',
  source: 'https://blog.uniswap.org/uniswap-raises-series-a',
  leadInvestors: ['Andreessen Horowitz'],
  otherInvestors: ['Union Square Ventures', 'Paradigm', 'Parafi Capital'],
  valuation: null,
};

export const UNKNOWN_RAISE = {
  date: 1700000000,
  name: 'Nobody Knows Labs',
  round: 'Seed',
  amount: null,
  chains: [],
  leadInvestors: [],
  otherInvestors: null,
  source: null,
  valuation: null,
  defillamaId: null,
};

export const RAISES_BODY = { raises: [UNISWAP_SERIES_B, UNISWAP_SERIES_A, UNKNOWN_RAISE] };

/** An 8×8 magenta PNG (a real image: its signature and chunks are valid), for logo downloads in tests. */
export const TEST_LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP4z1CFFTEMLQkA9SReQWqsG1wAAAAASUVORK5CYII=',
  'base64',
);
