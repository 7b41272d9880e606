import { developerJob } from './developer.job.ts';
import { discoveryJob } from './discovery.job.ts';
import { marketJob } from './market.job.ts';
import { socialJob } from './social.job.ts';

/** Every ingestion job, for the scheduler's job list. */
export const INGESTION_JOBS = [discoveryJob, marketJob, developerJob, socialJob] as const;
