import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProposalEvaluation } from '../../../shared/api/weight-proposals.schema.ts';
import type { ProposalWeights } from '../../../shared/methodology/proposal.ts';
import { users } from './auth.ts';

/**
 * A premium user's proposal of heat weights (17 non-negative weights summing to 1, validated on the way in): private
 * to its author, or public and listed with its evaluation for everyone. An admin may turn one into a candidate model
 * (`candidate_model` names it).
 */
export const weightProposals = pgTable(
  'weight_proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    weights: jsonb().$type<ProposalWeights>().notNull(),
    visibility: text({ enum: ['private', 'public'] }).notNull(),
    /** Its evaluation against the current model when it was saved (the list shows it; replaying 90 days is heavy). */
    evaluation: jsonb().$type<ProposalEvaluation>().notNull(),
    candidateModel: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('weight_proposals_user_idx').on(t.userId, t.createdAt),
    index('weight_proposals_public_idx').on(t.createdAt).where(sql`${t.visibility} = 'public'`),
    check('weight_proposals_visibility', sql`${t.visibility} IN ('private', 'public')`),
  ],
);
