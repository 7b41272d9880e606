import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { projects } from './projects.ts';

/**
 * A user's support request. `level` and `priority` are fixed by the server at creation from the
 * effective level (vip → priority). `response_due_at` is set while the request waits for the support team (open) and
 * cleared by a reply or a close; overdue = past it. The thread is support_messages, the first one the request's text.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text().references(() => projects.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    language: text({ enum: ['zh', 'en'] }).notNull(),
    level: text({ enum: ['free', 'premium', 'vip'] }).notNull(),
    priority: text({ enum: ['priority', 'normal'] }).notNull(),
    state: text({ enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    responseDueAt: timestamp({ withTimezone: true }),
    firstResponseAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('support_requests_queue_idx').on(t.state, t.priority, t.createdAt),
    check('support_requests_state_check', sql`${t.state} IN ('open', 'answered', 'closed')`),
    check('support_requests_priority_check', sql`${t.priority} IN ('priority', 'normal')`),
    check('support_requests_subject_length', sql`char_length(${t.subject}) BETWEEN 1 AND 120`),
    check('support_requests_closed_check', sql`(${t.state} = 'closed') = (${t.closedAt} IS NOT NULL)`),
  ],
);

/** One message of a request's thread: the user's (first text and follow-ups) or an admin's reply. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once that account is deleted (the message stays in the thread). */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorRole: text({ enum: ['user', 'admin'] }).notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_request_idx').on(t.requestId, t.createdAt),
    index('support_messages_author_idx').on(t.authorId, t.createdAt),
    check('support_messages_role_check', sql`${t.authorRole} IN ('user', 'admin')`),
    check('support_messages_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 5000`),
  ],
);
