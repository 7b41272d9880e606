import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/** Market data (CoinGecko prices, caps, volumes, trending) every hour (spec §9 "Intervals"). */
export const marketJob: Job = {
  name: 'ingest-market',
  everyMs: 60 * 60_000,
  run: (ctx) => runSourcesForJob(ctx, ['coingecko']),
  sources: ['coingecko'],
};
