import type { IngestionJob } from './job-context.ts';
import { runSourcesForJob } from './run-sources.ts';

/** Developer data from GitHub once a day (04:30 UTC). */
export const developerJob: IngestionJob = {
  name: 'ingest-developer',
  cron: '30 4 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['github']),
};
