import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { XRecentPost } from '../../../shared/api/social.schema.ts';
import { projects } from './projects.ts';

/** X (Twitter) API accounts in the pool. Secrets are AES-256-GCM ciphertext; never returned by any API. */
export const socialApiAccounts = pgTable('social_api_accounts', {
  id: uuid().primaryKey().defaultRandom(),
  label: text().notNull(),
  apiKeyEnc: text(),
  apiSecretEnc: text(),
  bearerTokenEnc: text(),
  dailyUsage: integer().notNull().default(0),
  /** The UTC day `dailyUsage` counts; a different day means the counter is 0 (reset at midnight). */
  usageDate: date({ mode: 'string' }),
  dailyLimit: integer().notNull().default(300),
  lastUsed: timestamp({ withTimezone: true }),
  isActive: boolean().notNull().default(true),
  disabledReason: text({ enum: ['rate_limited', 'manual'] }),
  rateLimitedUntil: timestamp({ withTimezone: true }),
  expiresAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Per account per day; kept 30 days. */
export const socialApiUsage = pgTable(
  'social_api_usage',
  {
    date: date({ mode: 'string' }).notNull(),
    accountId: uuid()
      .notNull()
      .references(() => socialApiAccounts.id, { onDelete: 'cascade' }),
    requests: integer().notNull().default(0),
    errors: integer().notNull().default(0),
    rateLimit: integer().notNull().default(0), // 429 responses that day
  },
  (t) => [primaryKey({ columns: [t.date, t.accountId] }), index('social_api_usage_date_idx').on(t.date)],
);

/**
 * The official X account's most engaged recent original posts, one row per project, from the social ingestion's own
 * recent search (`from:<handle> -is:retweet`, no extra X call). Replaced whole on each successful read (an empty list
 * = read, none found); a failed read keeps the row and sets `stale` (never a made-up post).
 */
export const xRecentPosts = pgTable('x_recent_posts', {
  projectId: text()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  /** The account's username as X returned it (the posts' links: x.com/<username>/status/<id>). */
  username: text().notNull(),
  /** At most X_RECENT_POSTS_KEPT, most engaged first. */
  posts: jsonb().$type<XRecentPost[]>().notNull(),
  fetchedAt: timestamp({ withTimezone: true }).notNull(),
  stale: boolean().notNull().default(false),
});
