import type { IngestionJob } from './job-context.ts';
import { runSourcesForJob } from './run-sources.ts';

/** Market data (CoinGecko prices, caps, volumes, trending) every hour (spec §9 "Intervals"). */
export const marketJob: IngestionJob = {
  name: 'ingest-market',
  everyMs: 60 * 60_000,
  run: (ctx) => runSourcesForJob(ctx, ['coingecko']),
};
