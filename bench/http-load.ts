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
};

/** What Chromium and Firefox send: the reads a visitor makes take a compressed answer. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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
  const cpuBefore = serverCpuMs?.();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuUsed = cpuBefore === undefined || !serverCpuMs ? undefined : serverCpuMs() - cpuBefore;
  return {
    label,
    path,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverCpuUs:
      cpuUsed === undefined || result.requests.total === 0
        ? undefined
        : Math.round((cpuUsed * 1000) / result.requests.total),
  };
}
