import { runIngestion, type SourceName } from '../ingestion.service.ts';
import type { IngestOptions } from '../ingestion.types.ts';
import type { IngestionJobContext } from './job-context.ts';

/** Runs sources for a scheduled job; counts are prefixed by source, errors collected. A failing source never throws. */
export async function runSourcesForJob(ctx: IngestionJobContext, sources: SourceName[], options: IngestOptions = {}) {
  const deps = { db: ctx.db, config: ctx.config, events: ctx.events, now: ctx.now };
  const results = await runIngestion(deps, sources, 'schedule', options);
  const counts: Record<string, number> = {};
  const errors: string[] = [];
  for (const result of results) {
    for (const [key, value] of Object.entries(result.counts)) counts[`${result.source}.${key}`] = value;
    counts[`${result.source}.failed`] = result.failed ? 1 : 0;
    errors.push(...result.errors.map((e) => `${result.source}: ${e}`));
  }
  return { counts, errors };
}
