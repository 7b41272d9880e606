// The realtime contract's client values (no zod): the web's stream starts on the first page load without the schemas
// (realtime.schema.ts re-exports them).

/** Client reconnect back-off, then 10 s for every further attempt. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const CONNECTION_STATES = ['connecting', 'connected', 'disconnected', 'reconnecting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
