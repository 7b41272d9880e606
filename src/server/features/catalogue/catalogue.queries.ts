import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { catalogueFactKeys, proposedProjectValues } from '../../db/project-columns.ts';
import { projects, sectors } from '../../db/schema/index.ts';

const BATCH = 500; // rows per multi-row INSERT; keeps statements well under Postgres' 65,535-parameter limit

/** Upserts sectors on id, updating only their descriptive facts (heat stays with the heat engine). */
export async function upsertSectors(db: Db, rows: (typeof sectors.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sectors)
    .values(rows)
    .onConflictDoUpdate({
      target: sectors.id,
      set: {
        name: sql`excluded.name`,
        nameZh: sql`excluded.name_zh`,
        descriptionEn: sql`excluded.description_en`,
        descriptionZh: sql`excluded.description_zh`,
        color: sql`excluded.color`,
        icon: sql`excluded.icon`,
      },
    });
}

/**
 * Upserts catalogue projects on id in multi-row batches. Existing rows keep their metrics, scores and status
 * (live data wins over the catalogue's sample figures); only descriptive facts are refreshed.
 */
export async function upsertCatalogueProjects(db: Db, rows: (typeof projects.$inferInsert)[]): Promise<void> {
  const values = {
    ...proposedProjectValues(catalogueFactKeys),
    // Absent from the catalogue → the stored value (an admin's edit) stays.
    whitepaperUrl: sql`coalesce(excluded.whitepaper_url, ${projects.whitepaperUrl})`,
    fundamentals: sql`coalesce(excluded.fundamentals, ${projects.fundamentals})`,
    // A review recorded in the catalogue wins; otherwise the row keeps what an operator or X recorded.
    verification: sql`coalesce(excluded.verification, ${projects.verification})`,
  };
  const stored = Object.keys(values).map((key) => projects[key as keyof typeof values]);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(projects)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: projects.id,
        set: { ...values, isVerified: sql`${values.verification} IS NOT NULL` },
        // A re-run with identical facts writes nothing: "a second start changes nothing".
        setWhere: sql`(${sql.join(stored, sql`, `)}) IS DISTINCT FROM (${sql.join(Object.values(values), sql`, `)})`,
      });
  }
}

export async function isProjectsTableEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM projects) AS empty`);
  return rows[0]?.empty ?? true;
}
