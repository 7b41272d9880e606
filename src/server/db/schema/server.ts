import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server makes for itself when the operator set none (e.g. the CSRF signing key without SECRET_KEY). The
 * first instance to start inserts the row; every instance on the same database reads the same value.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
