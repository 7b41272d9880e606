import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { OutcomeKeySchema } from '../../shared/api/methodology.schema.ts';
import { loadConfig, readEnvironment } from '../config.ts';
import {
  type EvaluationPhase,
  type RunEvaluationResult,
  runEvaluation,
} from '../features/methodology/evaluation-run.service.ts';
import { safeErrorMessage } from '../log-redaction.ts';
import { runRecordedJob } from '../runs/run-log.ts';
import { openRuntime } from '../runtime.ts';
import { formatEvaluationTables } from './evaluation-tables.ts';

// npm run evaluate -- [--from YYYY-MM-DD --to YYYY-MM-DD --model heat-v2 --horizon 7 --outcome pageViews --store]
// Evaluates heat against what happened next (the daily job's tables: published heat per model version, and the
// current and candidate models replayed on the stored inputs) and prints them, with a progress bar. --store also
// saves them as the daily job does (recorded in the sync log as job 'heat-evaluation', trigger 'cli').

const USAGE =
  'usage: npm run evaluate -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--model ID] [--horizon N[,N…]] [--outcome KEY] [--store]';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PHASE_LABELS: Record<EvaluationPhase, string> = { read: 'read    ', evaluate: 'evaluate', write: 'write   ' };

export type EvaluateCliResult = { code: number; out: string };
export type EvaluateCliOptions = { progress?: NodeJS.WritableStream; now?: () => Date };

type Args = { from?: string; to?: string; model?: string; horizon?: string; outcome?: string; store?: boolean };

function parse(argv: string[]): Args | string {
  let values: Args & { help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        model: { type: 'string' },
        horizon: { type: 'string' },
        outcome: { type: 'string' },
        store: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return '';
  for (const key of ['from', 'to'] as const) {
    const day = values[key];
    if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(day)))) return `--${key}: not a day: ${day}`;
  }
  if (values.from && values.to && values.from > values.to) return '--from is after --to';
  if (values.horizon && !values.horizon.split(',').every((h) => /^[1-9]\d?$/.test(h))) {
    return `--horizon: whole days from 1 to 99, comma-separated: ${values.horizon}`;
  }
  if (values.outcome && !OutcomeKeySchema.safeParse(values.outcome).success) {
    return `--outcome: one of ${OutcomeKeySchema.options.join(', ')}`;
  }
  return values;
}

/** Runs the evaluation against the configured database. Exit code 0 on success, 1 on failure, 2 on bad arguments. */
export async function runEvaluateCli(
  argv: string[],
  env: Record<string, string | undefined>,
  options: EvaluateCliOptions = {},
): Promise<EvaluateCliResult> {
  const args = parse(argv);
  if (typeof args === 'string') return { code: args === '' ? 0 : 2, out: args === '' ? USAGE : `${args}\n${USAGE}` };
  const now = options.now ?? (() => new Date());
  const bar = options.progress
    ? new cliProgress.SingleBar(
        { format: ' {phase} [{bar}] {value}/{total}', stream: options.progress, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  let phase: EvaluationPhase | undefined;
  const onProgress = (next: EvaluationPhase, done: number, total: number) => {
    if (next !== phase) {
      bar?.stop();
      phase = next;
      bar?.start(Math.max(total, 1), 0, { phase: PHASE_LABELS[next] });
    }
    bar?.update(done);
  };
  let runtime: Awaited<ReturnType<typeof openRuntime>> | undefined;
  try {
    runtime = await openRuntime(loadConfig(env), { role: 'evaluate' });
    const { db, kind } = runtime.handle;
    const evaluate = () =>
      runEvaluation(db, {
        now: now(),
        ...(args.from ? { from: args.from } : {}),
        ...(args.to ? { to: args.to } : {}),
        ...(args.model ? { model: args.model } : {}),
        ...(args.horizon ? { horizons: args.horizon.split(',').map(Number) } : {}),
        ...(args.outcome ? { outcomes: [OutcomeKeySchema.parse(args.outcome)] } : {}),
        store: args.store === true,
        onProgress,
      });
    let result: RunEvaluationResult | undefined;
    if (args.store) {
      const run = await runRecordedJob(
        db,
        kind,
        { job: 'heat-evaluation', trigger: 'cli', instance: `${hostname()}:${process.pid}`, now },
        async () => {
          result = await evaluate();
          await runtime?.events.publish({ type: 'methodology.updated' });
          return { counts: { evaluations: result.evaluations.length }, errors: [] };
        },
      );
      if (!run.ran) return { code: 1, out: 'another instance is evaluating right now; try again in a moment' };
      if (run.status === 'failed') return { code: 1, out: `evaluation failed: ${run.outcome.errors.join('; ')}` };
    } else result = await evaluate();
    bar?.stop();
    return { code: 0, out: toReport(result as RunEvaluationResult, args.store === true) };
  } catch (error) {
    bar?.stop();
    return { code: 1, out: safeErrorMessage(error) };
  } finally {
    await runtime?.close();
  }
}

function toReport(result: RunEvaluationResult, stored: boolean): string {
  if (result.evaluations.length === 0)
    return `no stored daily heat between ${result.from} and ${result.to}: nothing to evaluate`;
  const tables = result.evaluations.map((e) => formatEvaluationTables(`${e.modelVersion} (${e.basis})`, e.result));
  const timings = Object.entries(result.timingsMs)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(', ');
  return [
    ...tables,
    `${result.projects.toLocaleString('en')} projects; timings (ms): ${timings}${stored ? '; stored' : ''}`,
  ].join('\n\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runEvaluateCli(process.argv.slice(2), readEnvironment(), { progress: process.stderr });
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
  process.exit(result.code);
}
