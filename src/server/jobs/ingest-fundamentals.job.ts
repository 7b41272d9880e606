import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Funding rounds from DefiLlama `/raises`, then logo downloads, once a day (03:35 UTC: after discovery has linked the
 * protocols and set their logo addresses).
 */
export const fundamentalsJob: Job = {
  name: 'ingest-fundamentals',
  cron: '35 3 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['raises', 'logos']),
  sources: ['raises', 'logos'],
};
