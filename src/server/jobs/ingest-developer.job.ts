import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/** Developer data from GitHub once a day (04:30 UTC). */
export const developerJob: Job = {
  name: 'ingest-developer',
  cron: '30 4 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['github']),
  sources: ['github'],
};
