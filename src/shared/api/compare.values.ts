// compare.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

export const COMPARE_MIN = 2;

export const COMPARE_MAX = 5;
