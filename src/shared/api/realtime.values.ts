// realtime.schema.ts's value lists and limits, without zod: the web reads them on pages whose first load carries no zod
// (src/server/web-startup-imports.test.ts). The schemas build on them.

/** Spec limits of one stream: at most 10 messages a second (changes in between are coalesced, the last one kept). */
export const MAX_MESSAGES_PER_SECOND = 10;
/** A comment line every 25 s keeps proxies from closing an idle stream and lets the client notice a dead one. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
/** Client reconnect back-off, then 10 s for every further attempt. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const CONNECTION_STATES = ['connecting', 'connected', 'disconnected', 'reconnecting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
