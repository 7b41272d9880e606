import { open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { ImportMode, ImportResult } from '../../shared/api/admin-data.schema.ts';
import { CLI_ACTOR } from '../audit/audit-log.service.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { getAdminStats } from '../features/admin/admin.service.ts';
import { previewImport, runImport } from '../features/admin/admin-import.service.ts';
import { EXPORT_PAGE_SIZE, writeFullExport } from '../features/admin/full-export.service.ts';
import { createRecomputeTrigger } from '../jobs/recompute-trigger.ts';
import { JOB_CATALOGUE } from '../jobs/registry.ts';
import { openRuntime } from '../runtime.ts';
import { type CliIo, type CliResult, describeAppError, formatTable, toFailure, writeChunk } from './cli-io.ts';

// npm run admin -- import <file.json> [--mode merge|replace] [--yes] | export [--out <file.json>] | stats [--json]
// The admin page's import, full export and statistics, through the same services (docs/admin-ops.md).

/** The spec's confirmation (§5), asked before a replace import wipes the catalogue. */
export const REPLACE_QUESTION =
  '导入将清空现有数据，确定继续吗？ / The import wipes the existing data. Continue? [y/N] ';
const SHOWN_IDS = 5;

type Env = Record<string, string | undefined>;

type Names = Map<string, string>;

function describeSide(label: string, side: ImportResult['projects'], names: Names): string {
  const show = (id: string) => {
    const name = names.get(id);
    return name && name !== id ? `${name} [${id}]` : id;
  };
  const first = (part: { count: number; ids: string[] }) =>
    part.count === 0
      ? ''
      : ` (${part.ids.slice(0, SHOWN_IDS).map(show).join(', ')}${part.count > SHOWN_IDS ? `, … ${part.count - SHOWN_IDS} more` : ''})`;
  return `  ${label.padEnd(9)} ${side.added.count} added${first(side.added)}, ${side.changed.count} changed${first(side.changed)}, ${side.removed.count} removed${first(side.removed)}, ${side.unchanged} unchanged`;
}

/** The file's names by id (the result carries ids only); a removed row is not in the file and shows its id. */
function namesIn(body: unknown, list: 'projects' | 'sectors'): Names {
  const rows = (body as Record<string, unknown>)[list];
  const names: Names = new Map();
  if (!Array.isArray(rows)) return names;
  for (const row of rows as { id?: unknown; name?: unknown }[]) {
    if (typeof row?.id === 'string' && typeof row.name === 'string') names.set(row.id, row.name);
  }
  return names;
}

/** The preview the page shows before confirming: what is added, changed and removed, the first few by name. */
export function formatImportPreview(result: ImportResult, body: unknown): string {
  return [
    describeSide('projects:', result.projects, namesIn(body, 'projects')),
    describeSide('sectors:', result.sectors, namesIn(body, 'sectors')),
  ].join('\n');
}

/** Reads and parses the file; text that is not JSON is the spec's "invalid data format" like a file without projects. */
async function readImportFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('INVALID_DATA_FORMAT');
  }
}

/** import: preview, the replace confirmation (a TTY question, or --yes), then one transaction with a progress bar. */
export async function runImportCommand(args: string[], env: Env, io: CliIo): Promise<CliResult | 'usage'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { mode: { type: 'string' }, yes: { type: 'boolean' } },
  });
  const mode = (values.mode ?? 'merge') as ImportMode;
  if (positionals.length !== 1 || (mode !== 'merge' && mode !== 'replace')) return 'usage';
  const path = positionals[0]!;
  let body: unknown;
  try {
    body = await readImportFile(path);
  } catch (error) {
    if (error instanceof AppError) return { code: 1, out: `${path}: ${describeAppError(error)}` };
    return { code: 1, out: `cannot read ${path}: ${(error as Error).message}` };
  }
  // No catalogue autoload: on an empty database the file alone is the catalogue.
  const config = { ...loadConfig(env), CATALOGUE_AUTOLOAD: false };
  const runtime = await openRuntime(config, { role: 'admin-cli' });
  // New projects are stored unscored; the heat job scores them before the command returns (docs/admin.md "Heat").
  const { db, kind: dbKind } = runtime.handle;
  const deps = {
    db,
    dbKind,
    config,
    events: runtime.events,
    cache: runtime.cache,
    mailer: runtime.mailer,
    now: () => new Date(),
  };
  const rescore = createRecomputeTrigger(deps, `${hostname()}:${process.pid}`, 'cli');
  const bar = new cliProgress.SingleBar(
    { format: ' importing [{bar}] {value}/{total} projects', stream: io.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  try {
    const preview = await previewImport(runtime.handle.db, body, mode);
    io.stdout.write(`import ${path} (${mode}):\n${formatImportPreview(preview, body)}\n`);
    if (mode === 'replace' && !values.yes) {
      if (!io.isTTY) {
        return { code: 1, out: 'a replace import wipes the catalogue: confirm with --yes (no terminal to ask on)' };
      }
      const answer = (await io.ask(REPLACE_QUESTION)).trim().toLowerCase();
      if (answer !== 'y' && answer !== 'yes') return { code: 1, out: 'import cancelled: nothing changed' };
    }
    const result = await runImport(
      { db, events: runtime.events, cache: runtime.cache, rescore: rescore.request },
      CLI_ACTOR,
      body,
      mode,
      {
        trigger: 'cli',
        onProgress: (done, total) => {
          if (!started) bar.start(Math.max(total, 1), 0);
          started = true;
          bar.update(done);
        },
      },
    );
    bar.stop();
    await rescore.settled();
    const p = result.projects;
    return {
      code: 0,
      out: `imported (${mode}): ${p.added.count} added, ${p.changed.count} changed, ${p.removed.count} removed, ${p.unchanged} unchanged projects; recorded in the audit log as cli`,
    };
  } catch (error) {
    if (started) bar.stop();
    const failure = toFailure(error);
    return error instanceof AppError ? { code: 1, out: `${failure.out}\nnothing was changed` } : failure;
  } finally {
    rescore.stop();
    await rescore.settled();
    await runtime.close();
  }
}

/** export: the full export (spec §3) to stdout, or to a file through `<file>.partial` with a progress bar. */
export async function runExportCommand(args: string[], env: Env, io: CliIo): Promise<CliResult | 'usage'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { out: { type: 'string' } },
  });
  if (positionals.length > 0 || values.out === '') return 'usage';
  const target = values.out;
  const partial = target ? `${target}.partial` : undefined;
  // The file first: a directory that does not exist fails before the database is opened.
  const file = partial ? await open(partial, 'w') : undefined;
  const bar = new cliProgress.SingleBar(
    { format: ' exporting [{bar}] {value}/{total} projects', stream: io.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let handle: Awaited<ReturnType<typeof createDb>> | undefined;
  let drawing = false;
  try {
    const config = loadConfig(env);
    handle = await createDb(config, { role: 'admin-cli' });
    const now = new Date();
    const total = (await getAdminStats({ db: handle.db, dbKind: handle.kind, config, jobs: JOB_CATALOGUE }, now))
      .projects;
    if (file) bar.start(Math.max(total, 1), 0);
    drawing = Boolean(file);
    let chunks = 0;
    let bytes = 0;
    for await (const chunk of writeFullExport(handle.db, now)) {
      if (file) await file.write(chunk);
      else await writeChunk(io.stdout, chunk);
      bytes += Buffer.byteLength(chunk);
      chunks++; // the first chunk opens the file; each later one but the last is a page of projects
      if (file) bar.update(Math.min(total, (chunks - 1) * EXPORT_PAGE_SIZE));
    }
    if (!file || !partial || !target) return { code: 0, out: '' };
    bar.update(total);
    bar.stop();
    await file.close();
    await rename(partial, target); // only a complete file takes the name
    return { code: 0, out: `exported ${total} projects to ${target} (${(bytes / 1e6).toFixed(1)} MB)` };
  } catch (error) {
    if (drawing) bar.stop();
    await file?.close();
    if (partial) await rm(partial, { force: true });
    return toFailure(error);
  } finally {
    await handle?.close();
  }
}

type Cell = string | number;
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isScalar);
const toCell = (value: unknown): Cell => (typeof value === 'number' ? value : value === null ? '-' : String(value));

/**
 * The statistics as text, whatever shape they grow into: scalars (nested objects as dotted names) in one two-column
 * table, and each list of flat records (e.g. projects per category) as a table of its own under its name.
 */
export function formatStats(stats: Record<string, unknown>): string {
  const scalars: Cell[][] = [];
  const lists: string[] = [];
  const walk = (name: string, value: unknown): void => {
    if (Array.isArray(value) && value.length > 0 && value.every(isRow)) {
      const header = [...new Set(value.flatMap((row) => Object.keys(row)))];
      lists.push(
        `${name}\n${formatTable(
          header,
          value.map((row) => header.map((key) => toCell(row[key] ?? null))),
        )}`,
      );
    } else if (Array.isArray(value)) {
      if (value.length === 0) scalars.push([name, '(none)']);
      value.forEach((item, i) => {
        walk(`${name}[${i}]`, item);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) walk(name ? `${name}.${key}` : key, inner);
    } else {
      scalars.push([name, typeof value === 'number' ? value.toLocaleString('en-US') : String(toCell(value))]); // left-aligned beside dates
    }
  };
  walk('', stats);
  return [formatTable(['statistic', 'value'], scalars), ...lists].join('\n\n');
}

/** stats: the admin page's statistics as a two-column table, or `--json`. */
export async function runStatsCommand(args: string[], env: Env): Promise<CliResult | 'usage'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { json: { type: 'boolean' } },
  });
  if (positionals.length > 0) return 'usage';
  const config = loadConfig(env);
  const handle = await createDb(config, { role: 'admin-cli' });
  try {
    const stats = await getAdminStats({ db: handle.db, dbKind: handle.kind, config, jobs: JOB_CATALOGUE }, new Date());
    if (values.json) return { code: 0, out: JSON.stringify(stats, null, 2) };
    return { code: 0, out: formatStats(stats) };
  } finally {
    await handle.close();
  }
}
