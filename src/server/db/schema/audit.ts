import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every admin action: who, what, when, and the entity before and after an edit. Written in the same
 * transaction as the change it records (audit/audit-log.service.ts), so a rolled-back change leaves no entry
 * and a committed one always has its entry. Append-only: nothing updates or deletes these rows but an account deletion,
 * which keeps the entry and forgets the actor (`actor_email` keeps who it was).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text(), // null for an account without an e-mail (sign-in by a provider that gave none)
    /** e.g. 'project.update', 'project.create', 'project.delete', 'sector.update', 'import.merge', 'import.replace'. */
    action: text().notNull(),
    entity: text().notNull(), // 'project' | 'sector' | 'catalogue'
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_entity_idx').on(t.entity, t.entityId, t.id)],
);
