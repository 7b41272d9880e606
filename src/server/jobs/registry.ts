import type { Job, JobCatalogue } from '../runs/job.ts';
import { alertDeliveriesJob } from './alert-deliveries.job.ts';
import { cryptoPaymentsJob } from './crypto-payments.job.ts';
import { dailyCleanupJob } from './daily-cleanup.job.ts';
import { exportsJob } from './exports.job.ts';
import { firstStartRefreshJob } from './first-start-refresh.job.ts';
import { fullSyncJob } from './full-sync.job.ts';
import { heatJob } from './heat.job.ts';
import { heatEvaluationJob } from './heat-evaluation.job.ts';
import { historyBackfillJob } from './history-backfill.job.ts';
import { historyRetentionJob } from './history-retention.job.ts';
import { developerJob } from './ingest-developer.job.ts';
import { discoveryJob } from './ingest-discovery.job.ts';
import { fundamentalsJob } from './ingest-fundamentals.job.ts';
import { marketJob } from './ingest-market.job.ts';
import { newsJob } from './ingest-news.job.ts';
import { redditJob } from './ingest-reddit.job.ts';
import { searchInterestJob } from './ingest-search-interest.job.ts';
import { socialJob } from './ingest-social.job.ts';
import { membershipExpiryJob } from './membership-expiry.job.ts';
import { pointsExpiryJob } from './points-expiry.job.ts';

/**
 * Every scheduled job, the one list the scheduler runs (all times UTC; spec §9 "Intervals"):
 * - heat               every 5 min, and once at start-up
 * - history-retention  hourly at :07
 * - full-sync          daily 02:30 (every source, then heat)
 * - ingest-discovery   daily 03:15 (DefiLlama)
 * - ingest-market      hourly (CoinGecko)
 * - ingest-developer   daily 04:30 (GitHub)
 * - ingest-social      hourly (X, Telegram, Discord; 1/168 of the stale projects per run)
 * - ingest-news        every 15 min (GDELT news mentions; 1/96 of the projects per run, one call per 6 s)
 * - ingest-search-interest daily 05:20 (Wikipedia page views of projects with curated article titles)
 * - ingest-reddit      hourly at :40 (Reddit mentions; 1/24 of the projects per run; needs client credentials)
 * - points-expiry      daily 16:10 (00:10 in Asia/Shanghai; does nothing while POINTS_EXPIRY_DAYS is 0)
 * - daily-cleanup      daily 03:40 (quota windows, task progress, share tokens and ad views over two days old;
 *                     read notifications over 90 days old, crash reports over 30 days old)
 * - membership-expiry  daily 01:20 (warns paid plans ending within three days)
 * - alert-deliveries   every minute (fired alerts' e-mails and webhooks, retried with back-off)
 * - ingest-fundamentals daily 03:35 (DefiLlama funding rounds, then logo downloads)
 * - exports            every minute (due scheduled exports, exports a stopped instance left, retention)
 * - history-backfill   at start-up and every 6 h until one run succeeds (BACKFILL_DAYS of daily history)
 * - crypto-payments    every minute (re-checks processing crypto payments on-chain; expires pending ones)
 * - heat-evaluation    daily 05:50 (the last 90 days of heat against what happened next, every model version)
 */
export const ALL_JOBS: readonly Job[] = [
  heatJob,
  historyRetentionJob,
  fullSyncJob,
  discoveryJob,
  marketJob,
  developerJob,
  socialJob,
  newsJob,
  searchInterestJob,
  redditJob,
  pointsExpiryJob,
  dailyCleanupJob,
  membershipExpiryJob,
  alertDeliveriesJob,
  fundamentalsJob,
  historyBackfillJob,
  exportsJob,
  cryptoPaymentsJob,
  heatEvaluationJob,
];

/** The ingestion jobs (one per source group), in the order they appear above. */
export const INGESTION_JOBS: readonly Job[] = [
  discoveryJob,
  marketJob,
  developerJob,
  socialJob,
  newsJob,
  searchInterestJob,
  redditJob,
  fundamentalsJob,
];

/**
 * Start-up-only jobs (no schedule; `startupWhen` decides at each start):
 * - first-start-refresh  market (CoinGecko) and TVL (DefiLlama), then heat, until one such refresh has succeeded
 */
export const STARTUP_JOBS: readonly Job[] = [firstStartRefreshJob];

/** Every job, as app.ts passes it to the scheduler and to the code that reports on or starts jobs by name. */
export const JOB_CATALOGUE: JobCatalogue = { scheduled: ALL_JOBS, startup: STARTUP_JOBS };
