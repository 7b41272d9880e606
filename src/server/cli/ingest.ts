import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig, readEnvironment } from '../config.ts';
import {
  runIngestion,
  SOURCE_NAMES,
  type SourceName,
  type SourceRunResult,
} from '../features/ingestion/ingestion.service.ts';
import { safeErrorMessage } from '../log-redaction.ts';
import { openRuntime } from '../runtime.ts';
import { runBackfillCommand } from './backfill.ts';

// npm run ingest -- [--source defillama|coingecko|github|x|telegram|discord|gdelt|wikipedia|reddit] [--limit N]
// npm run ingest -- --backfill N   (N days of daily history, 1–365; see cli/backfill.ts)
// --source may repeat or take a comma list; without it every source runs (discovery first).
// With embedded PGlite the server holds the data directory: stop it first (or use DATABASE_URL).

const USAGE = `usage: npm run ingest -- [--source ${SOURCE_NAMES.join('|')}] [--limit N] | --backfill DAYS (1–365)`;

export type IngestCliResult = { code: number; out: string; results: SourceRunResult[] };
export type IngestCliOptions = { progress?: NodeJS.WritableStream; now?: () => Date };
type Args = { sources: SourceName[]; limit?: number; backfill?: number };

function parse(argv: string[]): Args | string {
  let values: { source?: string[]; limit?: string; backfill?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        source: { type: 'string', multiple: true },
        limit: { type: 'string' },
        backfill: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return '';
  const names = (values.source ?? []).flatMap((s) => s.split(',')).map((s) => s.trim().toLowerCase());
  const unknown = names.filter((n) => !(SOURCE_NAMES as string[]).includes(n));
  if (unknown.length > 0) return `unknown source: ${unknown.join(', ')}`;
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) return '--limit must be a positive integer';
  const backfill = values.backfill === undefined ? undefined : Number(values.backfill);
  if (backfill !== undefined && !(Number.isInteger(backfill) && backfill >= 1 && backfill <= 365)) {
    return '--backfill must be a whole number of days from 1 to 365';
  }
  return { sources: names.length > 0 ? (names as SourceName[]) : [...SOURCE_NAMES], limit, backfill };
}

/** The summary table printed after a run: one row per source. */
export function formatSummary(results: SourceRunResult[], durations: Map<SourceName, number>): string {
  const rows = results.map((r) => [
    r.source,
    r.skipped ? 'skipped' : r.failed ? 'FAILED' : r.errors.length > 0 ? 'partial' : 'ok',
    String(r.updatedIds.length),
    String(r.counts.inserted ?? 0),
    String(r.errors.length),
    `${((durations.get(r.source) ?? 0) / 1000).toFixed(1)}s`,
    r.skipped ?? r.errors[0]?.slice(0, 80) ?? '',
  ]);
  const header = ['source', 'status', 'updated', 'new', 'errors', 'time', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * Runs ingestion against the configured database: a progress bar per source (on `progress`), then a summary table.
 * Exit code 0 when every source succeeded or was skipped, 1 when a source failed, 2 on bad arguments.
 */
export async function runIngestCli(
  argv: string[],
  env: Record<string, string | undefined>,
  options: IngestCliOptions = {},
): Promise<IngestCliResult> {
  const args = parse(argv);
  if (typeof args === 'string') return { code: args ? 2 : 0, out: args ? `${args}\n${USAGE}` : USAGE, results: [] };
  let runtime: Awaited<ReturnType<typeof openRuntime>> | undefined;
  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: ' {source} [{bar}] {value}/{total}',
          stream: options.progress,
          hideCursor: true,
          clearOnComplete: false,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  try {
    const config = loadConfig(env);
    runtime = await openRuntime(config, { role: 'ingest-cli' });
    if (args.backfill !== undefined) {
      const { code, out } = await runBackfillCommand(runtime.handle, config, args.backfill, options);
      return { code, out, results: [] };
    }
    const durations = new Map<SourceName, number>();
    let current: SourceName | undefined;
    let startedAt = 0;
    const results = await runIngestion(
      { db: runtime.handle.db, config, events: runtime.events, now: options.now },
      args.sources,
      'cli',
      {
        limit: args.limit,
        onSource: (source) => {
          if (current) durations.set(current, Date.now() - startedAt);
          bar?.stop();
          current = source;
          startedAt = Date.now();
          bar?.start(1, 0, { source: source.padEnd(9) });
        },
        onProgress: (done, total) => {
          bar?.setTotal(Math.max(total, 1));
          bar?.update(done);
        },
      },
    );
    if (current) durations.set(current, Date.now() - startedAt);
    bar?.stop();
    const failed = results.filter((r) => r.failed);
    return { code: failed.length > 0 ? 1 : 0, out: formatSummary(results, durations), results };
  } catch (error) {
    bar?.stop();
    return { code: 1, out: safeErrorMessage(error), results: [] };
  } finally {
    await runtime?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runIngestCli(process.argv.slice(2), readEnvironment(), { progress: process.stderr });
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exit(result.code);
}
