import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export type LoadResult = {
  label: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The server's CPU time per request over the run (user + system), when the caller can read it. */
  serverCpuUs?: number;
  /** What drove the load: wrk when the machine has it, else autocannon. */
  generator: LoadGenerator;
};

type LoadGenerator = 'wrk' | 'autocannon';
type Counts = { requestsPerSec: number; total: number; p50Ms: number; p99Ms: number; errors: number };

/** What Chromium and Firefox send: the reads a visitor makes take a compressed answer. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/**
 * wrk (Debian's `wrk`) when installed, else autocannon; BENCH_LOAD=autocannon forces autocannon. On a 2-core machine
 * the load generator shares the CPU with the server: autocannon (JavaScript, every body buffered and parsed) took
 * about as much CPU as the server it drove, which queued requests and set the p99; wrk, in C on one thread, leaves
 * the server most of a core. The generator is named in every row.
 */
export function loadGenerator(): LoadGenerator {
  if (process.env.BENCH_LOAD === 'autocannon') return 'autocannon';
  return existsSync(WRK) ? 'wrk' : 'autocannon';
}

/**
 * Drives `path` with `connections` concurrent keep-alive connections for `seconds`; reports req/s and latency.
 * `headers` go with every request (e.g. Accept-Encoding: without one, a server sends the plain bytes).
 */
export async function measureLoad(
  baseUrl: string,
  label: string,
  path: string,
  seconds = 8,
  connections = 50,
  headers: Record<string, string> = {},
  serverCpuMs?: () => number,
): Promise<LoadResult> {
  const url = new URL(path, baseUrl).toString();
  await fetch(url); // warm: the first request fills the response cache
  const generator = loadGenerator();
  const cpuBefore = serverCpuMs?.();
  const counts =
    generator === 'wrk'
      ? await runWrk(url, seconds, connections, headers)
      : await runAutocannon(url, seconds, connections, headers);
  const cpuUsed = cpuBefore === undefined || !serverCpuMs ? undefined : serverCpuMs() - cpuBefore;
  return {
    label,
    path,
    requestsPerSec: Math.round(counts.requestsPerSec),
    p50Ms: counts.p50Ms,
    p99Ms: counts.p99Ms,
    errors: counts.errors,
    serverCpuUs: cpuUsed === undefined || counts.total === 0 ? undefined : Math.round((cpuUsed * 1000) / counts.total),
    generator,
  };
}

async function runAutocannon(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<Counts> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSec: result.requests.average,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function runWrk(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<Counts> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)(WRK, [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...headerArgs,
    url,
  ]);
  return parseWrkOutput(stdout);
}

const WRK_UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Reads wrk's `--latency` report: the percentile lines, Requests/sec, the request total, socket errors, non-2xx. */
export function parseWrkOutput(text: string): Counts {
  const percentile = (p: string) => {
    const match = text.match(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    if (!match) throw new Error(`wrk: no ${p}% latency line in its report`);
    return Math.round(Number(match[1]) * (WRK_UNIT_MS[match[2] ?? 'ms'] ?? 1) * 100) / 100;
  };
  const number = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
  const requestsPerSec = number(/^Requests\/sec:\s+([\d.]+)/m);
  const total = number(/^\s*(\d+) requests in /m);
  if (!Number.isFinite(requestsPerSec) || !Number.isFinite(total)) throw new Error(`wrk: unreadable report\n${text}`);
  const socket = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(text.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  return { requestsPerSec, total, p50Ms: percentile('50'), p99Ms: percentile('99'), errors: socketErrors + non2xx };
}
