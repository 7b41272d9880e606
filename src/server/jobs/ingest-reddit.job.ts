import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/** Reddit mentions hourly at :40; each run takes the most overdue 1/24 of the projects (skipped without credentials). */
export const redditJob: Job = {
  name: 'ingest-reddit',
  cron: '40 * * * *',
  run: (ctx) => runSourcesForJob(ctx, ['reddit']),
  sources: ['reddit'],
};
