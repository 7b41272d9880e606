// premium-data.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no
// zod (src/server/web-startup-imports.test.ts). The schemas build on them.

/** How far back the source history reaches (UTC days, today included). */
export const SOURCE_HISTORY_RANGES = { '90d': 90, '1y': 365 } as const;

export type SourceHistoryRange = keyof typeof SOURCE_HISTORY_RANGES;
