import { parseArgs } from 'node:util';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, readEnvironment } from '../../src/server/config.ts';
import { ALL_JOBS, STARTUP_JOBS } from '../../src/server/jobs/registry.ts';
import type { Job } from '../../src/server/runs/job.ts';
import { openRuntime } from '../../src/server/runtime.ts';

// The server as src/server/main.ts starts it (same runtime, same app, same scheduler and jobs), except that the
// reliability scripts may shorten job intervals, and limit the scheduled jobs to those named:
//   node --import tsx scripts/reliability/instance.ts --every exports=2000,alert-deliveries=2000 [--only heat,exports]
// Product configuration has no interval keys (the spec fixes them); this entry exists so a check can see several
// slots in seconds instead of hours. Prints the same "open <url> in your browser" line main.ts prints.

/** The registry's jobs with the given intervals (ms) replacing their schedule, restricted to `only` when given. */
export function withIntervals(every: Map<string, number>, only: Set<string> | undefined): Job[] {
  const jobs = [...ALL_JOBS, ...STARTUP_JOBS].filter((job) => !only || only.has(job.name));
  return jobs.map((job) => {
    const ms = every.get(job.name);
    if (ms === undefined) return job;
    const { cron: _cron, ...rest } = job;
    return { ...rest, everyMs: ms };
  });
}

function parseEvery(raw: string | undefined): Map<string, number> {
  const every = new Map<string, number>();
  for (const part of (raw ?? '').split(',').filter(Boolean)) {
    const [name, ms] = part.split('=');
    if (!name || !ms || !Number.isInteger(Number(ms))) throw new Error(`--every: expected job=ms, got ${part}`);
    every.set(name, Number(ms));
  }
  return every;
}

async function main() {
  const { values } = parseArgs({ options: { every: { type: 'string' }, only: { type: 'string' } } });
  const only = values.only ? new Set(values.only.split(',')) : undefined;
  const jobs = withIntervals(parseEvery(values.every), only);
  const config = loadConfig(readEnvironment());
  const runtime = await openRuntime(config, { role: 'server' });
  const deps = {
    config,
    db: runtime.handle.db,
    dbKind: runtime.handle.kind,
    events: runtime.events,
    cache: runtime.cache,
  };
  const app = await buildApp(deps, { jobs });
  const shutdown = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`\n  HeatRank is running: open ${address} in your browser\n\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
