/**
 * Names of jobs that code below the job definitions refers to: their runs are keyed by name in the run log
 * (sync_runs.job), so the admin's operations read and start them without importing the jobs.
 */
export const FULL_SYNC_JOB = 'full-sync';
export const FIRST_START_REFRESH_JOB = 'first-start-refresh';
