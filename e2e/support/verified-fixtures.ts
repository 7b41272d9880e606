/**
 * The catalogue verifies nothing (docs/verification.md), so the e2e server (global-setup.ts) records one verification
 * of each kind for e2e/verified.e2e.ts to find.
 */
export const E2E_VERIFIED = {
  siteReview: { id: 'uniswap', by: 'E2E Operator', at: '2026-11-20T09:00:00.000Z', note: 'checked uniswap.org' },
  x: { id: 'chainlink', username: 'chainlink', at: '2026-11-21T09:00:00.000Z' },
} as const;
