import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { projects } from './projects.ts';

/**
 * A research team (vip team collaboration). A user belongs to at most one team (team_members.user_id is unique), so
 * "my team" is one row and every team read is scoped by it. The owner's vip plan pays for the seats.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('teams_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`)],
);

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A seat: one user in one team. Exactly one owner per team (partial unique index). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: TEAM_ROLES }).notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_user_idx').on(t.userId),
    index('team_members_team_idx').on(t.teamId),
    uniqueIndex('team_members_one_owner_idx').on(t.teamId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invitation by e-mail: a one-time link (only its SHA-256 hash is stored), valid until expires_at, usable once and
 * only by a verified account with that address.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invitations_token_idx').on(t.tokenHash), index('team_invitations_team_idx').on(t.teamId)],
);

/** A team's note on a project: read by the team's members only; edited by its author, deleted by author or owner. */
export const projectNotes = pgTable(
  'project_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the note stays with the team. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_notes_team_project_idx').on(t.teamId, t.projectId, t.createdAt.desc()),
    check('project_notes_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 5000`),
  ],
);
