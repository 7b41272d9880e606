import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from './job.ts';

/** Discovery and TVL from DefiLlama once a day (03:15 UTC, away from the hourly market slot). */
export const discoveryJob: Job = {
  name: 'ingest-discovery',
  cron: '15 3 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['defillama']),
  sources: ['defillama'],
};
