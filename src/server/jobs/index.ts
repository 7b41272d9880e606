import { INGESTION_JOBS } from '../features/ingestion/jobs/index.ts';
import { fullSyncJob } from './full-sync.job.ts';
import { heatJob } from './heat.job.ts';
import { historyRetentionJob } from './history-retention.job.ts';
import type { Job } from './job.ts';

/**
 * Every scheduled job. Spec intervals: heat every 5 min, market data every hour (ingest-market), full sync every
 * 24 h; plus history retention and the other ingestion sources on their own cadence.
 */
export const ALL_JOBS: readonly Job[] = [heatJob, historyRetentionJob, fullSyncJob, ...INGESTION_JOBS];
