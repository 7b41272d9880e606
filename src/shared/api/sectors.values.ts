// sectors.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

/** A sector heat resting on fewer scored members than this is marked low-confidence (one project can swing it). */
export const SECTOR_CONFIDENT_MIN_SCORED = 3;
