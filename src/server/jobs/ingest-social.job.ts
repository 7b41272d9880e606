import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';
import { TtlCache } from '../sources/ttl-cache.ts';

/**
 * Social refresh (X, Telegram, Discord) every hour; each run takes the most overdue 1/168 of the projects whose
 * data is older than 7 days, so every project is refreshed at most once a week, spread across the week.
 */
// Per-process X response cache shared by every run (spec TTLs: profile 60 min, metrics 30 min, posts 15 min).
const xCache = new TtlCache<unknown>();

export const socialJob: Job = {
  name: 'ingest-social',
  everyMs: 60 * 60_000,
  run: (ctx) => runSourcesForJob(ctx, ['x', 'telegram', 'discord'], { xCache }),
  sources: ['x', 'telegram', 'discord'],
};
