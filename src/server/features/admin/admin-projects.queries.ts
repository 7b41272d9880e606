import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projectFactKeys, proposedProjectValues } from '../../db/project-columns.ts';
import { projects, sectors } from '../../db/schema/index.ts';
import { exportColumns } from './full-export.queries.ts';

type ProjectInsert = typeof projects.$inferInsert;
type SectorInsert = typeof sectors.$inferInsert;

/** The live figures a catalogue entry carries only as samples: an edit or import of an existing row keeps them. */
type LiveKeys = 'id' | 'marketCap' | 'volume24h' | 'followersTwitter' | 'metricSources';
export type ProjectFacts = Omit<ProjectInsert, LiveKeys>;

/** A project's facts as exported, locked for the rest of the transaction (an edit's "before"). */
export async function selectProjectForUpdate(db: Db, id: string) {
  const [row] = await db.select(exportColumns).from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function selectProjectFacts(db: Db, id: string) {
  const [row] = await db.select(exportColumns).from(projects).where(eq(projects.id, id));
  return row;
}

const BATCH = 500; // rows per multi-row INSERT: well under the 65,535-parameter limit

/**
 * Inserts new projects and overwrites every descriptive fact of existing ones (clearing what the new version lacks),
 * in multi-row batches; live figures, metric sources and scores of existing rows stay.
 */
export async function upsertProjectFacts(db: Db, rows: ProjectInsert[], now: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(projects)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: projects.id,
        set: {
          ...proposedProjectValues(projectFactKeys),
          updatedAt: now,
        },
      });
  }
}

/** Overwrites every descriptive fact (clears what the new version lacks); live figures and scores stay. */
export async function updateProjectFacts(db: Db, id: string, facts: ProjectFacts, now: Date): Promise<void> {
  const {
    marketCap: _m,
    volume24h: _v,
    followersTwitter: _f,
    metricSources: _s,
    id: _id,
    ...set
  } = facts as ProjectInsert;
  await db
    .update(projects)
    .set({ ...set, updatedAt: now })
    .where(eq(projects.id, id));
}

export async function deleteProjectRow(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

const CHUNK = 1000; // ids per statement: well under the 65,535-parameter limit

export async function deleteProjectsWithIds(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db.delete(projects).where(inArray(projects.id, ids.slice(i, i + CHUNK)));
}

export const sectorColumns = {
  id: sectors.id,
  name: sectors.name,
  nameZh: sectors.nameZh,
  descriptionEn: sectors.descriptionEn,
  descriptionZh: sectors.descriptionZh,
  color: sectors.color,
  icon: sectors.icon,
};

export async function selectSectorForUpdate(db: Db, id: string) {
  const [row] = await db.select(sectorColumns).from(sectors).where(eq(sectors.id, id)).for('update');
  return row;
}

export async function updateSectorFacts(db: Db, id: string, set: Omit<SectorInsert, 'id'>, now: Date): Promise<void> {
  await db
    .update(sectors)
    .set({ ...set, updatedAt: now })
    .where(eq(sectors.id, id));
}

export async function insertSectorRow(db: Db, row: SectorInsert): Promise<void> {
  await db.insert(sectors).values(row);
}

export async function deleteSectorsWithIds(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db.delete(sectors).where(inArray(sectors.id, ids.slice(i, i + CHUNK)));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The /admin project list: one page by name (id breaks ties) and the total, `q` matching id, name or symbol. */
export async function selectAdminProjectPage(db: Db, q: string | undefined, limit: number, offset: number) {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  const where = pattern
    ? or(ilike(projects.id, pattern), ilike(projects.name, pattern), ilike(projects.symbol, pattern))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        symbol: projects.symbol,
        category: projects.category,
        updatedAt: projects.updatedAt,
      })
      .from(projects)
      .where(where)
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every sector's name (what a project's category must equal). */
export async function selectSectorNames(db: Db): Promise<Set<string>> {
  const rows = await db.select({ name: sectors.name }).from(sectors);
  return new Set(rows.map((row) => row.name));
}

/** Every chain some project lists: the known chains a project may name without adding one. */
export async function selectKnownChains(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ chain: string }>(
    db,
    sql`SELECT DISTINCT c.chain FROM ${projects} CROSS JOIN LATERAL unnest(${projects.chains}) AS c(chain)`,
  );
  return new Set(rows.map((row) => row.chain));
}
