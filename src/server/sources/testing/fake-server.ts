import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake source answers: JSON `body`, or `raw` text (malformed bodies); `delayMs` simulates a slow server. */
export type FakeResponse = {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string;
  /** Binary body (images); send your own content-type header with it. */
  bytes?: Uint8Array;
  delayMs?: number;
};
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
};
export type FakeRoute = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export type FakeServer = { url: string; requests: FakeRequest[]; close: () => Promise<void> };

/** A local HTTP server on port 0 standing in for an outside API in tests (no real network call ever). */
export async function startFakeServer(route: FakeRoute): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const answer = await route(request);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (res.destroyed) return;
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.bytes ?? text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers from a per-path script: each call takes the next response; the last one repeats. */
export function scripted(
  script: Record<string, FakeResponse[]>,
  fallback: FakeResponse = { status: 404, body: {} },
): FakeRoute {
  const calls = new Map<string, number>();
  return ({ path }) => {
    const steps = script[path];
    if (!steps || steps.length === 0) return fallback;
    const n = calls.get(path) ?? 0;
    calls.set(path, n + 1);
    return steps[Math.min(n, steps.length - 1)] as FakeResponse;
  };
}

/** Ingestion settings for tests: short timeouts, tiny back-off, no long waits. */
export const FAST_INGEST_ENV = {
  INGEST_TIMEOUT_MS: '1000', // generous: a loaded CI machine must not turn a normal answer into a timeout
  INGEST_MAX_RETRIES: '1',
  INGEST_RETRY_BASE_MS: '1',
  INGEST_MAX_WAIT_MS: '200',
  X_POOL_WAIT_MS: '200',
  X_BACKOFF_MS: '1',
  INGEST_SOCIAL_PAUSE_MS: '0',
  GDELT_PAUSE_MS: '0',
  REDDIT_PAUSE_MS: '0',
  BACKFILL_COINGECKO_PAUSE_MS: '0',
  BACKFILL_DEFILLAMA_PAUSE_MS: '0',
  BACKFILL_GITHUB_PAUSE_MS: '0',
  BACKFILL_WIKIPEDIA_PAUSE_MS: '0',
  SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
  LOGO_ALLOW_PRIVATE_HOSTS: 'true',
} as const;
