import { createRequire } from 'node:module';

/**
 * pg's own quoting of a string as an SQL literal, for the few statements that take no parameters (COPY of a query).
 * Read from pg's utilities alone, so a PGlite server does not load the PostgreSQL driver for it.
 */
export const escapeLiteral = (
  createRequire(import.meta.url)('pg/lib/utils.js') as { escapeLiteral: (value: string) => string }
).escapeLiteral;
