import autocannon from 'autocannon';

export type LoadResult = {
  label: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

/** Drives `path` with `connections` concurrent keep-alive connections for `seconds`; reports req/s and latency. */
export async function measureLoad(
  baseUrl: string,
  label: string,
  path: string,
  seconds = 8,
  connections = 50,
): Promise<LoadResult> {
  const url = new URL(path, baseUrl).toString();
  await fetch(url); // warm: the first request fills the response cache
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    label,
    path,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
