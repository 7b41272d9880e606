import { sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/** Raw bytes (PostgreSQL bytea): node-postgres and PGlite both hand back a Uint8Array (a Buffer on node-postgres). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Funding rounds from DefiLlama `/raises`, matched to a project (docs/ingestion.md "Raises"). `raise_key` is the
 * round's identity in the source (date, normalised name, round), so a daily run updates a round in place.
 * Amounts are USD (the source's millions × 1e6); null when undisclosed.
 */
export const projectRaises = pgTable(
  'project_raises',
  {
    raiseKey: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    round: text(),
    amountUsd: doublePrecision(),
    valuationUsd: doublePrecision(),
    leadInvestors: text().array().notNull().default(sql`'{}'::text[]`),
    otherInvestors: text().array().notNull().default(sql`'{}'::text[]`),
    sourceUrl: text(),
    defillamaId: text(),
    /** When this round was last read from the source (the page's "as of"). */
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('project_raises_project_idx').on(t.projectId, t.raisedAt.desc())],
);

/**
 * Project logos, downloaded once and served by us (GET /api/logos/:projectId), so two instances share them and no page
 * hot-links another site. A failed download keeps `bytes` null with its error, and is retried after a while.
 */
export const projectLogos = pgTable('project_logos', {
  projectId: text()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  sourceUrl: text().notNull(),
  contentType: text(),
  bytes: bytea(),
  byteSize: integer(),
  /** A hash of the bytes: the ETag and the `?v=` of the served address. */
  etag: text(),
  error: text(),
  fetchedAt: timestamp({ withTimezone: true }).notNull(),
});
