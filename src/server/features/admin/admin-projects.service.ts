import { eq, sql } from 'drizzle-orm';
import type { AdminProjectListQuery, AdminProjectListResponse } from '../../../shared/api/admin-data.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import { lockCatalogueWrites } from '../../db/catalogue-lock.ts';
import type { Db } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type {
  AdminProjectWrite,
  CatalogueProject,
  ExportProject,
  ExportSector,
} from '../catalogue/catalogue.service.ts';
import { toProjectRow, toSectorRow } from '../catalogue/catalogue.service.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import {
  deleteProjectRow,
  type ProjectFacts,
  selectAdminProjectPage,
  selectKnownChains,
  selectProjectFacts,
  selectProjectForUpdate,
  selectSectorForUpdate,
  selectSectorNames,
  updateProjectFacts,
  updateSectorFacts,
} from './admin-projects.queries.ts';
import { findReferenceIssues } from './catalogue-references.ts';
import { toExportProject } from './full-export.service.ts';

export type AdminWriteDeps = Pick<AppDeps, 'db' | 'events' | 'cache'> & {
  /**
   * Asks for a heat recompute after a committed change that adds projects (create, import): a new project is stored
   * unscored (no heat, no social score) and this run scores it within seconds (jobs/recompute-trigger.ts). A CLI
   * without one recomputes by itself.
   */
  rescore?: () => void;
};

/** An export-shaped project as the row it is stored as (the catalogue's mapping; ExportProject only relaxes it). */
export const toStoredProject = (project: ExportProject) => toProjectRow(project as CatalogueProject);

export function toProjectFacts(project: ExportProject): ProjectFacts {
  const {
    id: _id,
    marketCap: _m,
    volume24h: _v,
    followersTwitter: _f,
    metricSources: _s,
    ...facts
  } = toStoredProject(project);
  return facts;
}

/** An admin's project as stored: without the write-only `newChains`, the X handle without its leading @ (spec §5). */
export function toWrittenProject(input: AdminProjectWrite): ExportProject {
  const { newChains: _newChains, ...project } = input;
  return { ...project, twitter: project.twitter?.replace(/^@/, '') ?? null };
}

/**
 * 400 VALIDATION_FAILED naming each field whose sector or chain does not exist (catalogue-references.ts). Read
 * under the catalogue lock, so a sector deleted or renamed meanwhile cannot slip through.
 */
async function assertReferencesExist(tx: Db, project: ExportProject, newChains: readonly string[] = []) {
  const [sectorNames, chains] = await Promise.all([selectSectorNames(tx), selectKnownChains(tx)]);
  const issues = findReferenceIssues(project, { sectors: sectorNames, chains }, newChains);
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, issues);
}

/** GET /api/admin/chains: the known chains, by name. */
export async function listKnownChains(db: Db): Promise<{ items: string[] }> {
  return { items: [...(await selectKnownChains(db))].sort((a, b) => a.localeCompare(b)) };
}

/**
 * POST /api/admin/sectors: a new sector (creating a sector is its own action, never a side effect of a
 * project's category). 409 CONFLICT when the id is taken; 400 sectorExists when the name differs from a sector's
 * only in case or spacing ("Defi" next to "DeFi" would split one sector in two).
 */
export async function createSector(deps: AdminWriteDeps, actor: AdminActor, sector: ExportSector) {
  const created = await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx);
    if (await selectSectorForUpdate(tx, sector.id)) throw new AppError('CONFLICT');
    const names = await selectSectorNames(tx);
    const loose = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
    const clash = [...names].find((name) => loose(name) === loose(sector.name));
    if (clash) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'name', rule: 'sectorExists', params: { value: clash } }]);
    }
    const row = toSectorRow(sector as Parameters<typeof toSectorRow>[0]);
    const inserted = await tx.insert(sectors).values(row).onConflictDoNothing().returning({ id: sectors.id });
    if (inserted.length === 0) throw new AppError('CONFLICT');
    const after = (await selectSectorForUpdate(tx, sector.id))!;
    await recordAdminAction(tx, { actor, action: 'sector.create', entity: 'sector', entityId: sector.id, after });
    return after;
  });
  await afterCatalogueWrite(deps);
  return created;
}

/** After a committed catalogue change: sector counts (recounts take turns: refreshSectorAggregates), then every
 * instance drops its cached answers. */
export async function afterCatalogueWrite(deps: AdminWriteDeps, ids?: string[]): Promise<void> {
  await refreshSectorAggregates(deps.db);
  deps.cache.invalidate();
  await deps.events.publish({ type: 'projects.updated', ...(ids ? { ids } : {}) });
  await deps.events.publish({ type: 'sectors.updated' });
}

export async function getAdminProject(db: Db, id: string): Promise<ExportProject> {
  const row = await selectProjectFacts(db, id);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
  return toExportProject(row);
}

/** GET /api/admin/projects: the /admin list (every project, scored or not), by name. */
export async function listAdminProjects(db: Db, query: AdminProjectListQuery): Promise<AdminProjectListResponse> {
  const { q, limit, offset } = query;
  const { rows, total } = await selectAdminProjectPage(db, q, limit, offset);
  return { items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })), total, limit, offset };
}

/**
 * POST /api/admin/projects: a new project (409 when the id exists). It is stored unscored — no heat, no social score,
 * "not enough data" — never a starting 50 that would rank it; the recompute asked for once the change commits scores
 * it from the inputs it has (docs/admin.md).
 */
export async function createProject(deps: AdminWriteDeps, actor: AdminActor, input: AdminProjectWrite) {
  const project = toWrittenProject(input);
  const created = await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx);
    await assertReferencesExist(tx, project, input.newChains);
    const inserted = await tx
      .insert(projects)
      .values(toStoredProject(project))
      .onConflictDoNothing({ target: projects.id })
      .returning({ id: projects.id });
    if (inserted.length === 0) throw new AppError('CONFLICT');
    const after = toExportProject((await selectProjectFacts(tx, project.id))!);
    await recordAdminAction(tx, { actor, action: 'project.create', entity: 'project', entityId: project.id, after });
    return after;
  });
  await afterCatalogueWrite(deps, [project.id]);
  deps.rescore?.();
  return created;
}

/** PUT /api/admin/projects/:id: replaces every fact of the project (the id stays); scores and live figures stay. */
export async function updateProject(deps: AdminWriteDeps, actor: AdminActor, id: string, input: AdminProjectWrite) {
  const project = toWrittenProject(input);
  const updated = await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx);
    const row = await selectProjectForUpdate(tx, id);
    if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
    await assertReferencesExist(tx, project, input.newChains);
    const before = toExportProject(row);
    await updateProjectFacts(tx, id, toProjectFacts({ ...project, id }), new Date());
    const after = toExportProject((await selectProjectFacts(tx, id))!);
    await recordAdminAction(tx, { actor, action: 'project.update', entity: 'project', entityId: id, before, after });
    return after;
  });
  await afterCatalogueWrite(deps, [id]);
  return updated;
}

/**
 * DELETE /api/admin/projects/:id. The schema's cascades remove its scores row (trigger), heat history, signals,
 * raises, logo, search rows, watchlist entries and alerts on it; the audit entry keeps the facts it had.
 */
export async function deleteProject(deps: AdminWriteDeps, actor: AdminActor, id: string) {
  await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx);
    const row = await selectProjectForUpdate(tx, id);
    if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
    await deleteProjectRow(tx, id);
    const before = toExportProject(row);
    await recordAdminAction(tx, { actor, action: 'project.delete', entity: 'project', entityId: id, before });
  });
  await afterCatalogueWrite(deps, [id]);
  return { id, deleted: true as const };
}

/**
 * PUT /api/admin/sectors/:id: name (en, zh), descriptions, colour, icon. A new English name is also the category of
 * its projects (projects.category holds the sector name), so they are renamed with it in the same transaction.
 */
export async function updateSector(deps: AdminWriteDeps, actor: AdminActor, id: string, sector: ExportSector) {
  const updated = await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx);
    const before = await selectSectorForUpdate(tx, id);
    if (!before) throw new AppError('SECTOR_NOT_FOUND', { id });
    const { id: _id, ...facts } = toSectorRow({ ...sector, id } as Parameters<typeof toSectorRow>[0]);
    if (facts.name !== before.name) {
      const [taken] = await tx.select({ id: sectors.id }).from(sectors).where(eq(sectors.name, facts.name));
      if (taken) throw new AppError('CONFLICT');
      await tx
        .update(projects)
        .set({
          category: facts.name,
          categories: sql`array_replace(${projects.categories}, ${before.name}, ${facts.name})`,
        })
        .where(eq(projects.category, before.name));
    }
    await updateSectorFacts(tx, id, facts, new Date());
    const after = (await selectSectorForUpdate(tx, id))!;
    await recordAdminAction(tx, { actor, action: 'sector.update', entity: 'sector', entityId: id, before, after });
    return after;
  });
  await afterCatalogueWrite(deps);
  return updated;
}
