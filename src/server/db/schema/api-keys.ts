import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A vip user's keys for the public API under /api/v1 (docs/api.md). The key itself is never stored: `prefix` is its
 * public part (`hr_live_` + 12 random characters, unique, what a list shows and what a call is looked up by) and
 * `key_hash` the SHA-256 of the whole key, compared in constant time.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (the bearer guard's guarded UPDATE). */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_idx').on(t.prefix),
    index('api_keys_user_idx').on(t.userId, t.createdAt.desc()),
    // The per-user cap counts active keys only.
    index('api_keys_active_user_idx').on(t.userId).where(sql`${t.revokedAt} IS NULL`),
  ],
);
