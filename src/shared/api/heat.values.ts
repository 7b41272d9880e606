// heat.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.
import { HISTORY_RANGE_MIN_LEVEL, type HistoryRangeKey } from '../membership/level.ts';

/** Heat history ranges, shortest first; which level reads which is the membership matrix's (level.ts). */
export const HISTORY_RANGES = Object.keys(HISTORY_RANGE_MIN_LEVEL) as HistoryRangeKey[];

/** The premium comparison and trend views' ranges (their daily ranks are kept 90 days at most). */
export const TREND_RANGES = ['7d', '30d', '90d'] as const;
