import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { BriefResponse } from '../../../shared/api/analysis.schema.ts';

/**
 * Briefs (docs/analysis.md "Briefs"), one row per kind, entity ('' for the market), language and data version. The
 * row is claimed first ('pending', claimed_at) so one request of one instance calls the model, then written ('done').
 * A template served because the model failed has retry_at: after it, the next request tries the model again.
 */
export const briefs = pgTable(
  'briefs',
  {
    kind: text().notNull(),
    entityId: text().notNull(),
    lang: text().notNull(),
    dataVersion: text().notNull(),
    state: text().$type<'pending' | 'done'>().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
    retryAt: timestamp({ withTimezone: true }),
    brief: jsonb().$type<BriefResponse>(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.entityId, t.lang, t.dataVersion] })],
);

/**
 * The model's token use, append-only: a 'reserve' row before a call (the prompt's estimate and the output limit),
 * a 'settle' row after it (actual minus reserved, usually negative). A day's sum is what it spent or holds.
 */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    day: date().notNull(),
    entry: text().$type<'reserve' | 'settle'>().notNull(),
    tokensIn: integer().notNull(),
    tokensOut: integer().notNull(),
    kind: text().notNull(),
    entityId: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('llm_usage_day_idx').on(t.day)],
);
