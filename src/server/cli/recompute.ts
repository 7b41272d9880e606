import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig, readEnvironment } from '../config.ts';
import { type RecomputePhase, recomputeHeat } from '../features/heat/recompute.service.ts';
import { compactHeatHistory } from '../features/heat/retention.service.ts';
import { afterRecompute } from '../jobs/after-recompute.ts';
import { safeErrorMessage } from '../log-redaction.ts';
import { runRecordedJob } from '../runs/run-log.ts';
import { openRuntime } from '../runtime.ts';

// npm run recompute [-- --compact] [-- --full]
// Recomputes every project's and sector's heat once (recorded in the sync log as job 'heat', trigger 'cli'), with a
// progress bar: like the scheduled job, it scores only what moved since the last run unless --full asks for every
// project (same result; a way to check or to repair after editing stored scores by hand). --compact also runs the
// history retention. With embedded PGlite the server holds the data
// directory: stop it first, or use DATABASE_URL (then running servers drop their caches through NOTIFY).

const USAGE = 'usage: npm run recompute [-- --compact] [-- --full]';
const PHASE_LABELS: Record<RecomputePhase, string> = { read: 'score   ', write: 'write   ', sectors: 'sectors ' };

export type RecomputeCliResult = { code: number; out: string };
export type RecomputeCliOptions = { progress?: NodeJS.WritableStream; now?: () => Date };

/** Runs the recompute against the configured database. Exit code 0 on success, 1 on failure, 2 on bad arguments. */
export async function runRecomputeCli(
  argv: string[],
  env: Record<string, string | undefined>,
  options: RecomputeCliOptions = {},
): Promise<RecomputeCliResult> {
  let values: { compact?: boolean; full?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { compact: { type: 'boolean' }, full: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, out: `${(error as Error).message}\n${USAGE}` };
  }
  if (values.help) return { code: 0, out: USAGE };

  const now = options.now ?? (() => new Date());
  const bar = options.progress
    ? new cliProgress.SingleBar(
        { format: ' {phase} [{bar}] {value}/{total}', stream: options.progress, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  let runtime: Awaited<ReturnType<typeof openRuntime>> | undefined;
  try {
    const config = loadConfig(env);
    runtime = await openRuntime(config, { role: 'recompute' });
    const { db, kind } = runtime.handle;
    const events = runtime.events;
    let phase: RecomputePhase | undefined;
    let summary = '';
    const run = await runRecordedJob(
      db,
      kind,
      { job: 'heat', trigger: 'cli', instance: `${hostname()}:${process.pid}`, now },
      async () => {
        const result = await recomputeHeat(db, {
          now: now(),
          scope: values.full ? 'full' : 'auto',
          onProgress: (next, done, total) => {
            if (next !== phase) {
              bar?.stop();
              phase = next;
              bar?.start(Math.max(total, 1), 0, { phase: PHASE_LABELS[next] });
            }
            bar?.setTotal(Math.max(total, 1));
            bar?.update(done);
          },
        });
        bar?.stop();
        await afterRecompute({ db, dbKind: kind, events }, result);
        const statuses = Object.entries(result.statuses)
          .map(([status, n]) => `${status} ${n}`)
          .join(', ');
        summary = [
          `recomputed ${result.projects.toLocaleString('en')} projects (${result.projectsChanged.toLocaleString('en')} changed, scores ${result.strategy === 'rebuild' ? 'table rebuilt' : 'updated in place'}) and ${result.sectors} sectors as of ${result.at}`,
          `scope: ${result.scope} (${result.projectsRescored.toLocaleString('en')} projects scored from their inputs)`,
          `history rows written: ${result.historyRows.toLocaleString('en')}; 24 h baseline: ${result.baselineAt ?? 'none yet'}`,
          `statuses: ${statuses}`,
          `timings (ms): ${Object.entries(result.timingsMs)
            .map(([step, ms]) => `${step} ${ms}`)
            .join(', ')}`,
        ].join('\n');
        const counts: Record<string, number> = { projects: result.projects, sectors: result.sectors };
        if (values.compact) {
          const retention = await compactHeatHistory(db, now());
          summary += `\nhistory retention: ${JSON.stringify(retention)}`;
          Object.assign(counts, retention);
        }
        return { counts, errors: [] };
      },
    );
    if (!run.ran) return { code: 1, out: 'another instance is recomputing right now; try again in a moment' };
    if (run.status === 'failed') return { code: 1, out: `recompute failed: ${run.outcome.errors.join('; ')}` };
    return { code: 0, out: `${summary}\ntook ${(run.durationMs / 1000).toFixed(1)} s` };
  } catch (error) {
    bar?.stop();
    return { code: 1, out: safeErrorMessage(error) };
  } finally {
    await runtime?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runRecomputeCli(process.argv.slice(2), readEnvironment(), { progress: process.stderr });
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exit(result.code);
}
