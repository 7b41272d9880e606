// The admin's import (spec §5): a file in the full export's shape ({ projects, sectors?, exportTime?,
// version? }), merged (upsert, the default) or replacing the catalogue, in ONE transaction. docs/admin.md.
import { z } from 'zod';
import type { ImportMode, ImportResult } from '../../../shared/api/admin-data.schema.ts';
import { type FieldIssue, fieldOfPath, type IssueLike, ruleOfIssue } from '../../../shared/api/validation-rules.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import { lockCatalogueWrites } from '../../db/catalogue-lock.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { finishSyncRun, openSyncRun, type RunTrigger } from '../../runs/run-log.ts';
import {
  AdminProjectSchema,
  ChainNameSchema,
  type ExportProject,
  type ExportSector,
  ExportSectorSchema,
} from '../catalogue/catalogue.service.ts';
import {
  deleteProjectsWithIds,
  deleteSectorsWithIds,
  insertSectorRow,
  selectKnownChains,
  updateSectorFacts,
  upsertProjectFacts,
} from './admin-projects.queries.ts';
import { type AdminWriteDeps, afterCatalogueWrite, toStoredProject } from './admin-projects.service.ts';
import { findReferenceIssues } from './catalogue-references.ts';
import { type ExportProjectRow, selectExportProjectPage, selectExportSectors } from './full-export.queries.ts';
import { toExportProject } from './full-export.service.ts';

/**
 * An import row: an export project, optionally with the spec's `heat_score` (0–100). The heat_score is accepted (files
 * of the spec's shape import) but never stored: heat is the engine's output from the project's inputs, and a number
 * with no inputs behind it would be an invented score (docs/admin.md "Heat").
 */
const ImportProjectSchema = AdminProjectSchema.extend({ heat_score: z.number().min(0).max(100).optional() });
type ImportProject = z.infer<typeof ImportProjectSchema>;
const WRITE_BATCH = 500;
/** `chains`: the new chains the file adds on purpose (a full export lists every chain its projects name). */
export type ImportFile = { projects: ImportProject[]; sectors: ExportSector[] | undefined; chains: string[] };
type ImportList = 'projects' | 'sectors' | 'chains';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowError(list: ImportList, row: number, field: string, reason: string): AppError {
  return new AppError('IMPORT_ROW_INVALID', { list, row, field, reason }, { list, row, field });
}

/** A row refused by a rule: the error handler words the rule in the request's language (validation.rules.*). */
function rowIssueError(list: ImportList, row: number, issue: FieldIssue, own?: string): AppError {
  const field = issue.field || '(row)';
  return new AppError('IMPORT_ROW_INVALID', { list, row, field, reason: '' }, { list, row, field, issue, own });
}

/** A zod issue's catalogue-key message (validation.formats.handle), else none: the rule is worded instead. */
const ownMessageOf = (message: string) => (/^[a-z]+\.[\w.]+$/.test(message) ? message : undefined);

/** Validates a whole file: 400 INVALID_DATA_FORMAT without a `projects` list, else the first bad row by index and field. */
export function parseImportFile(body: unknown): ImportFile {
  if (!isRecord(body) || !Array.isArray(body.projects)) throw new AppError('INVALID_DATA_FORMAT');
  if (body.sectors !== undefined && !Array.isArray(body.sectors)) throw new AppError('INVALID_DATA_FORMAT');
  if (body.chains !== undefined && !Array.isArray(body.chains)) throw new AppError('INVALID_DATA_FORMAT');
  const parseList = <T>(list: ImportList, rows: unknown[], schema: z.ZodType<T>, key: (item: T) => string): T[] => {
    const seen = new Set<string>();
    return rows.map((raw, row) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const { rule, params } = ruleOfIssue(issue as IssueLike);
        throw rowIssueError(list, row, { field: fieldOfPath(issue.path), rule, params }, ownMessageOf(issue.message));
      }
      const value = key(parsed.data);
      if (seen.has(value)) {
        throw rowIssueError(list, row, { field: list === 'chains' ? '' : 'id', rule: 'duplicate', params: { value } });
      }
      seen.add(value);
      return parsed.data;
    });
  };
  const byId = (item: { id: string }) => item.id;
  return {
    projects: parseList('projects', body.projects, ImportProjectSchema, byId).map((project) => ({
      ...project,
      twitter: project.twitter?.replace(/^@/, '') ?? null,
    })),
    sectors:
      body.sectors === undefined
        ? undefined
        : parseList('sectors', body.sectors as unknown[], ExportSectorSchema, byId),
    chains: body.chains === undefined ? [] : parseList('chains', body.chains as unknown[], ChainNameSchema, String),
  };
}

/**
 * The first project whose category names no sector, or a chain neither known nor listed in the file's `chains`:
 * 400 IMPORT_ROW_INVALID naming its row and field, before anything is written. The sectors are those the catalogue
 * will have: the stored ones (none of them in replace mode when the file lists sectors), renamed or added by the file.
 */
async function assertImportReferences(db: Db, file: ImportFile, mode: ImportMode): Promise<void> {
  const stored = await selectExportSectors(db);
  const byId = new Map(mode === 'replace' && file.sectors ? [] : stored.map((s) => [s.id, s.name]));
  for (const sector of file.sectors ?? []) byId.set(sector.id, sector.name);
  const known = { sectors: new Set(byId.values()), chains: await selectKnownChains(db) };
  for (const [row, project] of file.projects.entries()) {
    const [issue] = findReferenceIssues(project, known, file.chains);
    if (issue) throw rowIssueError('projects', row, issue);
  }
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
  await assertImportReferences(db, file, mode);
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
  // Heat: new projects stay as the insert trigger leaves them, unscored, until the recompute the import asks for.
}

/**
 * POST /api/admin/import: plans and writes in ONE transaction (serialised across instances by the catalogue lock), with
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
      await lockCatalogueWrites(tx); // imports take turns with each other and with every other catalogue write
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
  if (result.projects.added.count + result.projects.changed.count > 0) deps.rescore?.();
  return result;
}
