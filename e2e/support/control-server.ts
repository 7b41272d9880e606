import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { runBackfill } from '../../src/server/features/backfill/backfill.service.ts';
import { recomputeHeat } from '../../src/server/features/heat/recompute.service.ts';
import { updateProjectMetrics } from '../../src/server/features/ingestion/ingestion.queries.ts';
import { afterRecompute } from '../../src/server/jobs/after-recompute.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../../src/server/sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../src/server/sources/testing/fake-server.ts';
import { readMailToken } from './mail-token.ts';

/** The attention figures POST /attention writes (as of now): 42 Reddit posts by 31 authors, 120 articles, 64/100. */
export const ATTENTION_FIXTURE = {
  newsMentions: 120,
  googleTrends: 64,
  redditMentions: 42,
  redditAuthors: 31,
} as const;

/**
 * What the platforms journey's fake DefiLlama answers at /v2/chains (USD): Ethereum first, "BSC" for our BNB Chain, and
 * Arbitrum; every other chain (Solana, Base, …) stays without a figure.
 */
export const CHAIN_TVL_FIXTURE = [
  { name: 'Ethereum', tvl: 61_234_567_890, gecko_id: 'ethereum', tokenSymbol: 'ETH', cmcId: '1027', chainId: 1 },
  { name: 'BSC', tvl: 5_400_000_000, gecko_id: 'binancecoin', tokenSymbol: 'BNB', cmcId: '1839', chainId: 56 },
  { name: 'Arbitrum', tvl: 2_100_000_000, gecko_id: null, tokenSymbol: 'ARB', cmcId: null, chainId: 42161 },
] as const;

/**
 * The backfilled history is drawn as it stood on this day, whatever today is: its waves follow the calendar, and on
 * some days the attention burst lifted heat less than 3 standard deviations above its 30 days, so /analytics had no
 * anomaly to show (seen on 2026-11-28). With this shape today's heat is 3.7 deviations above its mean.
 */
const HISTORY_SHAPE_OF = new Date('2026-11-25T00:00:00Z');

/**
 * The e2e server's test-only control port (never part of the product): what the scheduler and the ingestion jobs do
 * in production, a browser test asks for here, because its server runs with jobs off.
 *   POST /recompute            a heat recompute and its after-step (alerts, search alerts, cache, events)
 *   POST /surge?project=<id>   the project's social and news signals ×20 and Google Trends at 100, as a burst of
 *                              attention would report them, so the next recompute raises its heat
 *   POST /attention?project=<id>[&posts=N&authors=M]  what the GDELT, Wikipedia and Reddit jobs write for a project
 *                              (ATTENTION_FIXTURE, Reddit's posts and authors overridable; each with its source and
 *                              as-of), then a recompute
 *   POST /mail-token?email=<address>[&path=/team/join]  the newest e-mailed link's token (of a link to `path`)
 *   POST /backfill?days=N      N days of history for one project (the last by id with a CoinGecko id) from fake
 *                              history sources on loopback (the history backfill); answers its id
 */
export async function startControlServer(runtime: Runtime): Promise<{ url: string; close: () => Promise<void> }> {
  const { db, kind } = runtime.handle;
  const recompute = async () => {
    const result = await recomputeHeat(db, { now: new Date() });
    await afterRecompute({ db, dbKind: kind, events: runtime.events, cache: runtime.cache }, result);
    return { projects: result.projects, changed: result.projectsChanged };
  };
  const surge = async (projectId: string) => {
    await db.execute(sql`
      UPDATE projects SET mentions_7d = COALESCE(mentions_7d, 100) * 20, news_mentions = COALESCE(news_mentions, 10) * 20,
        reddit_mentions = COALESCE(reddit_mentions, 10) * 20, google_trends = 100
      WHERE id = ${projectId}
    `);
    return { surged: projectId };
  };
  const attention = async (projectId: string, params: URLSearchParams) => {
    const asOf = new Date();
    const { newsMentions, googleTrends } = ATTENTION_FIXTURE;
    const redditMentions = Number(params.get('posts') ?? ATTENTION_FIXTURE.redditMentions);
    const redditAuthors = Number(params.get('authors') ?? ATTENTION_FIXTURE.redditAuthors);
    await updateProjectMetrics(db, 'gdelt', asOf, [{ id: projectId, values: { newsMentions } }]);
    await updateProjectMetrics(db, 'wikipedia', asOf, [{ id: projectId, values: { googleTrends } }]);
    await updateProjectMetrics(db, 'reddit', asOf, [{ id: projectId, values: { redditMentions, redditAuthors } }]);
    return recompute();
  };
  let fakeHistory: FakeServer | undefined;
  const backfill = async (days: number) => {
    fakeHistory ??= await startFakeServer(fakeHistoryRoute(() => new Date(), { shapeOf: HISTORY_SHAPE_OF }));
    const config = loadConfig({ ...FAST_INGEST_ENV, ...fakeHistoryEnv(fakeHistory.url), LOG_LEVEL: 'silent' });
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM projects WHERE coingecko_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
    );
    const id = row?.id ?? '';
    await runBackfill({ db, config }, { days, now: new Date(), projectIds: [id] });
    runtime.cache.invalidate();
    return { id };
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const run =
      request.method === 'POST' && url.pathname === '/recompute'
        ? recompute()
        : request.method === 'POST' && url.pathname === '/surge'
          ? surge(url.searchParams.get('project') ?? '')
          : request.method === 'POST' && url.pathname === '/attention'
            ? attention(url.searchParams.get('project') ?? '', url.searchParams)
            : request.method === 'POST' && url.pathname === '/backfill'
              ? backfill(Number(url.searchParams.get('days') ?? 90))
              : request.method === 'POST' && url.pathname === '/mail-token'
                ? readMailToken(
                    db,
                    url.searchParams.get('email') ?? '',
                    url.searchParams.get('path') ?? undefined,
                  ).then((token) => ({ token }))
                : Promise.reject(new Error(`unknown control request ${request.method} ${url.pathname}`));
    run.then(
      (body) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await fakeHistory?.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Calls the control port from a test (the URL comes from inject('controlUrl')). */
export async function control(controlUrl: string, path: string): Promise<unknown> {
  const response = await fetch(`${controlUrl}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
