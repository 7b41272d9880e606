// Errors that mean "the database cannot be reached right now", not "this query is wrong": a PostgreSQL restart
// terminates open connections (57P01 admin_shutdown), refuses new ones while it starts or stops (57P03, ECONNREFUSED)
// and node-postgres reports a socket that closed under a query as "Connection terminated". They answer 503
// DATABASE_UNAVAILABLE (retry later) instead of 500; the pool drops the dead connections and opens new ones, so the
// app recovers by itself once the database is back.

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now). */
const SQLSTATE = /^(08|57P0[1-4])/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const MESSAGES =
  /Connection terminated|Client has encountered a connection error|Connection ended|timeout exceeded when trying to connect/i;

/** True when `error`, or any error in its `cause` chain, is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // An outgoing HTTP call (a source, a webhook) fails with the same socket codes: not the database.
  if (error instanceof TypeError && error.message === 'fetch failed') return false;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
    if (MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** The first error code in `error`'s cause chain (57P01, ECONNREFUSED…), for the log line; undefined when none. */
export function connectionErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** A SQLSTATE: five characters, digits and capitals (42P01 undefined table, 23505 unique violation…). */
const ANY_SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE of a query the database refused (a statement error, not a lost connection), from `error`'s cause chain
 * (Drizzle wraps the driver's error); undefined for any other failure.
 */
export function databaseQueryErrorState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && ANY_SQLSTATE.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}
