// The admin's import (spec §5, issue 17): a file in the full export's shape ({ projects, sectors?, exportTime?,
// version? }), merged (upsert, the default) or replacing the catalogue, in ONE transaction. docs/admin.md.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportMode, ImportResult } from '../../../shared/api/admin-data.schema.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { finishSyncRun, openSyncRun, type RunTrigger } from '../../jobs/run-log.ts';
import {
  type ExportProject,
  ExportProjectSchema,
  type ExportSector,
  ExportSectorSchema,
} from '../catalogue/catalogue.schema.ts';
import {
  deleteProjectsWithIds,
  deleteSectorsWithIds,
  insertSectorRow,
  updateSectorFacts,
  updateStartingHeat,
  upsertProjectFacts,
} from './admin-projects.queries.ts';
import { type AdminWriteDeps, afterCatalogueWrite, STARTING_HEAT, toStoredProject } from './admin-projects.service.ts';
import { type AdminActor, recordAdminAction } from './audit-log.service.ts';
import { type ExportProjectRow, selectExportProjectPage, selectExportSectors } from './full-export.queries.ts';
import { toExportProject } from './full-export.service.ts';

/** An import row: an export project, optionally with the spec's `heat_score` (0–100). */
const ImportProjectSchema = ExportProjectSchema.extend({ heat_score: z.number().min(0).max(100).optional() });
type ImportProject = z.infer<typeof ImportProjectSchema>;
const WRITE_BATCH = 500;
export type ImportFile = { projects: ImportProject[]; sectors: ExportSector[] | undefined };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowError(list: 'projects' | 'sectors', row: number, field: string, reason: string): AppError {
  return new AppError('IMPORT_ROW_INVALID', { list, row, field, reason }, { list, row, field });
}

/** Validates a whole file: 400 INVALID_DATA_FORMAT without a `projects` list, else the first bad row by index and field. */
export function parseImportFile(body: unknown): ImportFile {
  if (!isRecord(body) || !Array.isArray(body.projects)) throw new AppError('INVALID_DATA_FORMAT');
  if (body.sectors !== undefined && !Array.isArray(body.sectors)) throw new AppError('INVALID_DATA_FORMAT');
  const parseList = <T>(list: 'projects' | 'sectors', rows: unknown[], schema: z.ZodType<T>): T[] => {
    const seen = new Set<string>();
    return rows.map((raw, row) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw rowError(list, row, issue.path.join('.') || '(row)', issue.message);
      }
      const id = (parsed.data as { id: string }).id;
      if (seen.has(id)) throw rowError(list, row, 'id', `duplicate id ${id}`);
      seen.add(id);
      return parsed.data;
    });
  };
  return {
    projects: parseList('projects', body.projects, ImportProjectSchema),
    sectors:
      body.sectors === undefined ? undefined : parseList('sectors', body.sectors as unknown[], ExportSectorSchema),
  };
}

/** Key-sorted JSON: two values with the same content compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** A project's facts as an import compares them: its export shape without the sample figures (never overwritten). */
function toComparable(project: ExportProject): string {
  const { sample: _sample, ...facts } = project;
  return canonical(facts);
}
const fromImport = (project: ImportProject) => {
  const { heat_score: _heat, ...rest } = project;
  return toExportProject(toStoredProject(rest) as unknown as ExportProjectRow);
};

async function readStoredProjects(db: Db): Promise<Map<string, ExportProject>> {
  const stored = new Map<string, ExportProject>();
  let after: string | null = null;
  for (;;) {
    const page = await selectExportProjectPage(db, after, 1000);
    for (const row of page) stored.set(row.id, toExportProject(row));
    if (page.length < 1000) return stored;
    after = page[page.length - 1]!.id;
  }
}

type Diff<T> = { added: T[]; changed: T[]; removed: string[]; unchanged: number };

function diff<T extends { id: string }>(
  incoming: T[] | undefined,
  stored: Map<string, string>,
  toKey: (item: T) => string,
  mode: ImportMode,
): Diff<T> {
  const result: Diff<T> = { added: [], changed: [], removed: [], unchanged: 0 };
  if (incoming === undefined) return { ...result, unchanged: stored.size }; // no list in the file: left alone
  for (const item of incoming) {
    const before = stored.get(item.id);
    if (before === undefined) result.added.push(item);
    else if (before !== toKey(item)) result.changed.push(item);
    else result.unchanged++;
  }
  if (mode === 'replace') {
    const kept = new Set(incoming.map((item) => item.id));
    result.removed = [...stored.keys()].filter((id) => !kept.has(id));
  }
  return result;
}

async function planImport(db: Db, file: ImportFile, mode: ImportMode) {
  const storedProjects = await readStoredProjects(db);
  const projectKeys = new Map([...storedProjects].map(([id, p]) => [id, toComparable(p)]));
  const sectorKeys = new Map((await selectExportSectors(db)).map((s) => [s.id, canonical(s)]));
  return {
    projects: diff(file.projects, projectKeys, (p) => toComparable(fromImport(p)), mode),
    sectors: diff(file.sectors, sectorKeys, (s) => canonical(ExportSectorSchema.parse(s)), mode),
  };
}

function toResult(plan: Awaited<ReturnType<typeof planImport>>, mode: ImportMode, written: boolean): ImportResult {
  const side = <T extends { id: string }>(d: Diff<T>) => ({
    added: { count: d.added.length, ids: d.added.map((x) => x.id) },
    changed: { count: d.changed.length, ids: d.changed.map((x) => x.id) },
    removed: { count: d.removed.length, ids: d.removed },
    unchanged: d.unchanged,
  });
  return { mode, written, projects: side(plan.projects), sectors: side(plan.sectors) };
}

/** POST /api/admin/import/preview: what an import of this file would add, change and remove; writes nothing. */
export async function previewImport(db: Db, body: unknown, mode: ImportMode): Promise<ImportResult> {
  const file = parseImportFile(body);
  return toResult(await planImport(db, file, mode), mode, false);
}

/** A database failure on one row, named by its index in the file (the whole transaction rolls back). */
async function writeRow(list: 'projects' | 'sectors', row: number, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const cause = (error as { cause?: { message?: string; column?: string; constraint?: string } }).cause ?? error;
    const { message, column, constraint } = cause as { message?: string; column?: string; constraint?: string };
    throw rowError(list, row, column ?? constraint ?? '(row)', message ?? 'database error');
  }
}

/** Progress of an import's writes: `done` of `total` project rows written (the CLI draws a bar with it). */
export type ImportProgress = (done: number, total: number) => void;

async function applyPlan(
  tx: Db,
  file: ImportFile,
  plan: Awaited<ReturnType<typeof planImport>>,
  now: Date,
  onProgress?: ImportProgress,
) {
  const indexOf = <T extends { id: string }>(rows: T[] | undefined) => new Map(rows?.map((r, i) => [r.id, i]));
  const sectorIndex = indexOf(file.sectors);
  const projectIndex = indexOf(file.projects);
  for (const sector of plan.sectors.added) {
    await writeRow('sectors', sectorIndex.get(sector.id)!, () => insertSectorRow(tx, sector));
  }
  for (const { id, ...facts } of plan.sectors.changed) {
    await writeRow('sectors', sectorIndex.get(id)!, () => updateSectorFacts(tx, id, facts, now));
  }
  await deleteProjectsWithIds(tx, plan.projects.removed);
  await deleteSectorsWithIds(tx, plan.sectors.removed);
  // Projects in batches; when a batch fails, it is rolled back to its savepoint and replayed row by row, so the
  // error names the row the database refused (every write is still inside the one import transaction).
  const writes = [...plan.projects.added, ...plan.projects.changed];
  onProgress?.(0, writes.length);
  for (let i = 0; i < writes.length; i += WRITE_BATCH) {
    const batch = writes.slice(i, i + WRITE_BATCH).map(({ heat_score: _heat, ...rest }) => toStoredProject(rest));
    const failed = await withTransaction(tx, (savepoint) => upsertProjectFacts(savepoint, batch, now)).then(
      () => false,
      () => true,
    );
    if (failed) {
      for (const row of batch) {
        await writeRow('projects', projectIndex.get(row.id)!, () =>
          withTransaction(tx, (savepoint) => upsertProjectFacts(savepoint, [row], now)),
        );
      }
    }
    onProgress?.(i + batch.length, writes.length);
  }
  // Heat: a row's own heat_score wins; a new project without one starts at STARTING_HEAT (docs/admin.md).
  const fresh = plan.projects.added.filter((p) => p.heat_score === undefined).map((p) => p.id);
  await updateStartingHeat(tx, fresh, STARTING_HEAT);
  for (const project of file.projects) {
    if (project.heat_score !== undefined) await updateStartingHeat(tx, [project.id], project.heat_score);
  }
}

/**
 * POST /api/admin/import: plans and writes in ONE transaction (serialised across instances by an advisory lock), with
 * its audit entry; any bad row rolls everything back. Recorded in sync_runs as job 'admin-import'.
 */
export async function runImport(
  deps: AdminWriteDeps,
  actor: AdminActor,
  body: unknown,
  mode: ImportMode,
  options: { trigger?: RunTrigger; onProgress?: ImportProgress } = {},
): Promise<ImportResult> {
  const file = parseImportFile(body);
  const startedAt = new Date();
  const runId = await openSyncRun(deps.db, 'admin-import', options.trigger ?? 'manual', startedAt);
  const finish = (status: 'success' | 'failed', counts: Record<string, number>, errors: string[]) =>
    finishSyncRun(deps.db, runId, {
      status,
      finishedAt: new Date(),
      durationMs: Date.now() - startedAt.getTime(),
      counts,
      errors,
    });
  let result: ImportResult;
  try {
    result = await withTransaction(deps.db, async (tx) => {
      await queryRows(tx, sql`SELECT pg_advisory_xact_lock(727017, hashtext('admin-import'))`);
      const plan = await planImport(tx, file, mode);
      await applyPlan(tx, file, plan, startedAt, options.onProgress);
      const written = toResult(plan, mode, true);
      const counts = (side: ImportResult['projects']) => ({
        added: side.added.count,
        changed: side.changed.count,
        removed: side.removed.count,
        unchanged: side.unchanged,
      });
      await recordAdminAction(tx, {
        actor,
        action: `import.${mode}`,
        entity: 'catalogue',
        entityId: null,
        after: {
          mode,
          rows: file.projects.length,
          projects: counts(written.projects),
          sectors: counts(written.sectors),
        },
      });
      return written;
    });
  } catch (error) {
    await finish('failed', { rows: file.projects.length }, [error instanceof AppError ? error.code : 'database error']);
    throw error;
  }
  await finish(
    'success',
    {
      rows: file.projects.length,
      added: result.projects.added.count,
      changed: result.projects.changed.count,
      removed: result.projects.removed.count,
    },
    [],
  );
  await afterCatalogueWrite(deps);
  return result;
}
