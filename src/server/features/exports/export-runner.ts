import type { FastifyBaseLogger } from 'fastify';
import { ExportOptionsSchema, ExportSourceSchema } from '../../../shared/api/exports.schema.ts';
import { computeEffectiveLevel } from '../../../shared/membership/level.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import type { Config } from '../../config.ts';
import type { Db, DbKind } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { safeErrorMessage } from '../../log-redaction.ts';
import { withJobLock } from '../../runs/job-lock.ts';
import type { WriteExport } from './export-document.ts';
import { buildExportDocument, exportBaseName } from './export-sources.ts';
import { openChunkSink } from './export-storage.ts';
import {
  deleteChunks,
  selectExport,
  selectOwner,
  selectStaleProcessing,
  updateCompleted,
  updateFailed,
} from './exports.queries.ts';
import { writeExport } from './writers/index.ts';

export type RunnerDeps = {
  db: Db;
  dbKind: DbKind;
  config: Pick<Config, 'EXPORT_RETENTION_DAYS'>;
  log?: FastifyBaseLogger;
  /** The format writers (tests pass a failing one). */
  write?: WriteExport;
};

export type RunResult = 'completed' | 'failed' | 'skipped';

/** A processing export older than this with no live run (its lock is free) was left by a stopped instance. */
export const STALE_PROCESSING_MS = 2 * 60_000;
/** Export runs at once per instance; more wait their turn (still 'processing', and any instance may take them). */
const RUNS_PER_INSTANCE = 2;

/** The owner's viewer now (a background run has no request): their stored level, no test mode. */
export async function ownerViewer(db: Db, userId: string, now: Date): Promise<(Viewer & { userId: string }) | null> {
  const owner = await selectOwner(db, userId);
  if (!owner) return null;
  const level = computeEffectiveLevel(
    { points: owner.points ?? 0, paidLevel: owner.paidLevel ?? 'free', paidExpiresAt: owner.paidExpiresAt ?? null },
    now,
  );
  return { userId, level, actualLevel: level, testLevel: null };
}

/** An error as the stored failure: an AppError keeps its code and parameters, anything else is EXPORT_FAILED. */
function toFailure(error: unknown): { error: string; errorParams: Record<string, unknown> } {
  if (error instanceof AppError) return { error: error.code, errorParams: error.params };
  return { error: 'EXPORT_FAILED', errorParams: {} };
}

/**
 * Runs one processing export to its end: reads the source, streams the writer's output into the database, and
 * records completed (file name, size, rows, retention) or failed (the reason; never thrown). Holds the export's lock
 * (advisory on PostgreSQL) and re-reads the state under it, so an export runs at most once at a time across
 * instances and a finished one is never rerun.
 */
export async function runExport(deps: RunnerDeps, id: string, now: () => Date = () => new Date()): Promise<RunResult> {
  const { db } = deps;
  const locked = await withJobLock(db, deps.dbKind, `export:${id}`, async (): Promise<RunResult> => {
    const row = await selectExport(db, id);
    if (row?.state !== 'processing') return 'skipped';
    const startedAt = now();
    await deleteChunks(db, id); // whatever a stopped attempt left
    try {
      const source = ExportSourceSchema.parse(row.source);
      const options = ExportOptionsSchema.parse(row.options);
      const viewer = await ownerViewer(db, row.userId, startedAt);
      if (!viewer) throw new AppError('NOT_FOUND');
      const built = await buildExportDocument({ db, viewer, rowCap: row.rowCap, now: startedAt }, source, options);
      const sink = openChunkSink(db, id);
      const result = await (deps.write ?? writeExport)(options.format, built.document, sink.stream, {
        includeMetadata: options.includeMetadata,
        zip: options.zip,
        baseName: exportBaseName(source, options.language, startedAt),
      });
      const finishedAt = now();
      await updateCompleted(db, id, {
        fileName: result.fileName,
        contentType: result.contentType,
        fileSize: sink.bytes(),
        rowCount: Object.values(result.rowCounts).reduce((sum, n) => sum + n, 0),
        truncated: built.truncated,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + deps.config.EXPORT_RETENTION_DAYS * DAY_MS),
      });
      return 'completed';
    } catch (error) {
      if (!(error instanceof AppError))
        deps.log?.error({ exportId: id, err: safeErrorMessage(error) }, 'export failed');
      await deleteChunks(db, id);
      const finishedAt = now();
      await updateFailed(db, id, {
        ...toFailure(error),
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + deps.config.EXPORT_RETENTION_DAYS * DAY_MS),
      });
      return 'failed';
    }
  });
  return locked.locked ? locked.value : 'skipped';
}

// Per-instance queue: at most RUNS_PER_INSTANCE exports run at once in this process (not shared state — a waiting
// export is a 'processing' row any instance's recovery may take; the lock and the state check keep it to one run).
const queues = new WeakMap<Db, { running: number; waiting: (() => void)[] }>();

/** Starts an export in the background of this instance (never awaited by the request); failures are recorded. */
export function startExport(deps: RunnerDeps, id: string): Promise<RunResult> {
  const queue = queues.get(deps.db) ?? { running: 0, waiting: [] };
  queues.set(deps.db, queue);
  const run = async (): Promise<RunResult> => {
    while (queue.running >= RUNS_PER_INSTANCE) await new Promise<void>((resolve) => queue.waiting.push(resolve));
    queue.running += 1;
    try {
      return await runExport(deps, id);
    } catch (error) {
      deps.log?.error({ exportId: id, err: safeErrorMessage(error) }, 'export run could not be recorded');
      return 'skipped';
    } finally {
      queue.running -= 1;
      queue.waiting.shift()?.();
    }
  };
  return run();
}

/** Runs the processing exports older than STALE_PROCESSING_MS that no live run holds (a stopped instance's). */
export async function recoverStaleExports(deps: RunnerDeps, now: Date): Promise<number> {
  const rows = await selectStaleProcessing(deps.db, new Date(now.getTime() - STALE_PROCESSING_MS), 20);
  let recovered = 0;
  for (const row of rows) {
    if ((await runExport(deps, row.id, () => now)) !== 'skipped') recovered += 1;
  }
  return recovered;
}
