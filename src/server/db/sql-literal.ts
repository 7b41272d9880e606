import { createRequire } from 'node:module';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * pg's own quoting of a string as an SQL literal, for the few statements that take no parameters (COPY of a query).
 * Read from pg's utilities alone, so a PGlite server does not load the PostgreSQL driver for it.
 */
export const escapeLiteral = (
  createRequire(import.meta.url)('pg/lib/utils.js') as { escapeLiteral: (value: string) => string }
).escapeLiteral;

/**
 * A Drizzle query as one parameter-free statement (for COPY, which takes no bind parameters): each string or finite
 * number parameter inlined as a literal. Throws on any other parameter rather than guess its form.
 */
export function inlineParameters(query: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'string') return escapeLiteral(value);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw new Error(`inlineParameters: parameter $${n} is neither a string nor a finite number`);
  });
}
