import { cpSync, rmSync } from 'node:fs';
import { startServerProcess } from '../src/server/test/server-process.ts';

export type FirstOpenResult = {
  /** The server's peak resident set size (VmHWM) from its start to the end of the start-up recompute, MB. */
  peakRssMb: number;
  /** Start of the process → the start-up heat run recorded, ms. */
  recomputeDoneMs: number;
  /** The start-up run's outcome as the scheduler logged it ('success', 'failed', …). */
  status: string;
};

/** What the server logs when a job run ends (scheduler.ts): `job <status>` with the job's name. */
type JobLogLine = { job?: string; msg?: string };

/**
 * Starts the built server with its scheduler on a data directory it has never opened (a fresh seed): the start-up
 * heat recompute runs at once, as on a real first start. Waits until that run is recorded, then stops the server.
 * The first-start market refresh is off: its sources are unreachable from the bench, and it is not the server's own
 * memory that a failed network call measures.
 */
export async function measureFirstOpen(env: Record<string, string>, timeoutMs = 600_000): Promise<FirstOpenResult> {
  const started = performance.now();
  const server = await startServerProcess(
    { ...env, JOBS_ENABLED: 'true', FIRST_START_REFRESH: 'false', LOG_LEVEL: 'info' },
    'build',
  );
  try {
    const status = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the start-up recompute did not finish in time')), timeoutMs);
      // A server that dies first (out of memory, for one) fails the row instead of leaving the bench waiting.
      server.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${signal ?? code}) before its start-up recompute finished`));
      });
      let rest = '';
      server.child.stdout?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as JobLogLine;
          // A second trigger while the start-up run works logs "job skipped: …": not the run measured here.
          if (entry.job === 'heat' && entry.msg?.startsWith('job ') && !entry.msg.startsWith('job skipped')) {
            clearTimeout(timer);
            resolve(entry.msg.slice('job '.length));
          }
        }
      });
    });
    return {
      peakRssMb: Math.round(server.peakRssMb()),
      recomputeDoneMs: Math.round(performance.now() - started),
      status,
    };
  } finally {
    await server.stop();
  }
}

/** The product's memory target: peak RSS of a server while serving and when first opening 100k projects. */
export const PEAK_RSS_TARGET_MB = 400;

/** A row of the bench's memory section: the figure, its target and the ratio figure ÷ target (≤ 1 meets it). */
export function memoryRow(database: string, figure: string, peakRssMb: number, note = '') {
  return {
    database,
    figure,
    'peak RSS MB': Math.round(peakRssMb),
    target: `≤ ${PEAK_RSS_TARGET_MB} MB`,
    'ratio to target': Math.round((peakRssMb / PEAK_RSS_TARGET_MB) * 100) / 100,
    note,
  };
}

/**
 * The first-open figure on a copy of `seededDir` (a data directory seeded and never scored, closed): the copy is what
 * the server opens, so the seeded directory stays unscored for the recompute benchmark that follows.
 */
export async function firstOpenRow(seededDir: string, projects: number) {
  const copy = `${seededDir}-first-open`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(seededDir, copy, { recursive: true });
  try {
    const result = await measureFirstOpen({ DATA_DIR: copy });
    return memoryRow(
      'pglite',
      `first open of a seeded ${projects.toLocaleString('en')}-project data directory, start-up recompute included`,
      result.peakRssMb,
      `start-up recompute ${result.status} ${result.recomputeDoneMs} ms after the process started`,
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
