import { fetchArticleCount, gdeltOptions } from '../../sources/gdelt/gdelt.client.ts';
import { buildAttentionQuery } from './attention-query.ts';
import { runAttentionSource } from './attention-run.ts';
import type { IngestDeps, IngestOptions, SourceRunResult } from './ingestion.types.ts';

/** News mentions are a 7-day count refreshed daily; 20 h leaves slack for the slices' drift. */
export const NEWS_REFRESH_MS = 20 * 3_600_000;
/** The news job runs every 15 minutes: each run takes 1/96 of the projects, so a day covers everyone once. */
export const NEWS_RUNS_PER_DAY = 96;
export const NEWS_WINDOW_MS = 7 * 86_400_000;

/**
 * News mentions from GDELT DOC 2.0 (keyless): the number of articles matching the project's attention query in the
 * last 7 days (mode=timelinevolraw, summed). One call per project, GDELT_PAUSE_MS apart (GDELT asks for one call
 * per 5 s), on the most overdue 1/96 of the projects.
 */
export async function runGdeltNews(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { config } = deps;
  const client = gdeltOptions(config, deps.signal);
  return runAttentionSource(
    deps,
    {
      source: 'gdelt',
      field: 'newsMentions',
      scope: 'all',
      refreshMs: NEWS_REFRESH_MS,
      runsPerDay: NEWS_RUNS_PER_DAY,
      pauseMs: config.GDELT_PAUSE_MS,
    },
    async (target, now) => {
      const query = buildAttentionQuery(target);
      if (!query) return null;
      const start = new Date(now.getTime() - NEWS_WINDOW_MS);
      return { values: { newsMentions: await fetchArticleCount(client, query.query, start, now) } };
    },
    options,
  );
}
