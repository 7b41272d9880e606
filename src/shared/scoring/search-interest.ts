/**
 * The search-interest index (0–100) from 7-day Wikipedia page views, on a log scale: 70 views a week (10 a day)
 * or fewer → 0, 700 000 a week (100 000 a day, Bitcoin on a busy week) or more → 100; each tenfold adds 25 points.
 * It fills the heat model's 0–100 "googleTrends" input, which scales it linearly (docs/heat-score.md §2).
 */
export const SEARCH_INTEREST_VIEWS_LO = 70;
export const SEARCH_INTEREST_VIEWS_HI = 700_000;

/** The index for `views7d` human page views over 7 days: 0–100, one decimal; 0 at or below the floor. */
export function computeSearchInterestIndex(views7d: number): number {
  if (!(views7d > SEARCH_INTEREST_VIEWS_LO)) return 0;
  const span = Math.log10(SEARCH_INTEREST_VIEWS_HI) - Math.log10(SEARCH_INTEREST_VIEWS_LO);
  const index = (100 * (Math.log10(views7d) - Math.log10(SEARCH_INTEREST_VIEWS_LO))) / span;
  return Math.round(Math.min(100, index) * 10) / 10;
}
