// Plan prices (ours: the spec shows none), in CNY, whole yuan. The levels, feature matrix and quotas live in
// src/shared/membership/level.ts, the one copy the server checks use too.
import type { MembershipLevel } from '../../../shared/membership/level.ts';

export const PLAN_PRICES_CNY: Record<MembershipLevel, { monthly: number; yearly: number }> = {
  free: { monthly: 0, yearly: 0 },
  premium: { monthly: 68, yearly: 680 },
  vip: { monthly: 198, yearly: 1980 },
};
