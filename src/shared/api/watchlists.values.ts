// watchlists.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no
// zod (src/server/web-startup-imports.test.ts). The schemas build on them.

export const WATCHLIST_NAME_MAX = 60;

export const WATCHLIST_NOTE_MAX = 200;

/** Above any real holding (units or USD) and far below where float arithmetic loses whole units. */
export const HOLDING_MAX = 1e15;
