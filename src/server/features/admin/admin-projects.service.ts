import { eq, sql } from 'drizzle-orm';
import type { AdminProjectListQuery, AdminProjectListResponse } from '../../../shared/api/admin-data.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { toProjectRow, toSectorRow } from '../catalogue/catalogue.data.ts';
import type { CatalogueProject, ExportProject, ExportSector } from '../catalogue/catalogue.schema.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import {
  deleteProjectRow,
  type ProjectFacts,
  selectAdminProjectPage,
  selectProjectFacts,
  selectProjectForUpdate,
  selectSectorForUpdate,
  updateProjectFacts,
  updateSectorFacts,
  updateStartingHeat,
} from './admin-projects.queries.ts';
import { type AdminActor, recordAdminAction } from './audit-log.service.ts';
import { toExportProject } from './full-export.service.ts';

/** The heat a project starts with when an admin adds or imports it, until the next recompute (docs/admin.md). */
export const STARTING_HEAT = 50;

export type AdminWriteDeps = Pick<AppDeps, 'db' | 'events' | 'cache'>;

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

/** POST /api/admin/projects: a new project (409 when the id exists), starting at heat 50. */
export async function createProject(deps: AdminWriteDeps, actor: AdminActor, project: ExportProject) {
  const created = await withTransaction(deps.db, async (tx) => {
    const inserted = await tx
      .insert(projects)
      .values(toStoredProject(project))
      .onConflictDoNothing({ target: projects.id })
      .returning({ id: projects.id });
    if (inserted.length === 0) throw new AppError('CONFLICT');
    await updateStartingHeat(tx, [project.id], STARTING_HEAT);
    const after = toExportProject((await selectProjectFacts(tx, project.id))!);
    await recordAdminAction(tx, { actor, action: 'project.create', entity: 'project', entityId: project.id, after });
    return after;
  });
  await afterCatalogueWrite(deps, [project.id]);
  return created;
}

/** PUT /api/admin/projects/:id: replaces every fact of the project (the id stays); scores and live figures stay. */
export async function updateProject(deps: AdminWriteDeps, actor: AdminActor, id: string, project: ExportProject) {
  const updated = await withTransaction(deps.db, async (tx) => {
    const row = await selectProjectForUpdate(tx, id);
    if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
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
