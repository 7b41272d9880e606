import { type IngestOptions, runIngestion, type SourceName } from '../features/ingestion/ingestion.service.ts';
import type { JobContext, JobOutcome } from './job.ts';

/** Runs sources for a scheduled job; counts are prefixed by source, errors collected. A failing source never throws. */
export async function runSourcesForJob(
  ctx: JobContext,
  sources: SourceName[],
  options: IngestOptions = {},
): Promise<JobOutcome> {
  const results = await runIngestion(ctx, sources, 'schedule', options);
  const counts: Record<string, number> = {};
  const errors: string[] = [];
  for (const result of results) {
    for (const [key, value] of Object.entries(result.counts)) counts[`${result.source}.${key}`] = value;
    counts[`${result.source}.failed`] = result.failed ? 1 : 0;
    errors.push(...result.errors.map((e) => `${result.source}: ${e}`));
  }
  return { counts, errors };
}
