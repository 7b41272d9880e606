import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * News mentions from GDELT every 15 minutes: each run takes the most overdue 1/96 of the projects (GDELT allows about
 * one call per 5 s, so the day's calls are spread evenly instead of one multi-hour run).
 */
export const newsJob: Job = {
  name: 'ingest-news',
  everyMs: 15 * 60_000,
  run: (ctx) => runSourcesForJob(ctx, ['gdelt']),
  sources: ['gdelt'],
};
