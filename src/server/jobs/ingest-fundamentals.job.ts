import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from './job.ts';

/** Funding rounds from DefiLlama `/raises` once a day (03:35 UTC, after discovery has linked the protocols). */
export const fundamentalsJob: Job = {
  name: 'ingest-fundamentals',
  cron: '35 3 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['raises']),
  sources: ['raises'],
};
