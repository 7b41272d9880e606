import { computeSearchInterestIndex } from '../../../shared/scoring/search-interest.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { fetchArticleViews, type WikiLanguage, wikimediaOptions } from '../../sources/wikimedia/wikimedia.client.ts';
import { APP_VERSION } from '../system/system.service.ts';
import { runAttentionSource } from './attention-run.ts';
import type { IngestDeps, IngestOptions, SourceRunResult } from './ingestion.types.ts';

export const SEARCH_INTEREST_REFRESH_MS = 20 * 3_600_000;

/**
 * The 7 full UTC days ending the day before yesterday. Wikimedia publishes a day's views some hours after it ends, so
 * a window ending yesterday would be one day short for a run early in the day (the 02:30 full sync) and understate it;
 * one day of lag keeps every window complete and every run comparable.
 */
export function toViewsWindow(now: Date): { start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start: new Date(today - 8 * DAY_MS), end: new Date(today - 2 * DAY_MS) };
}

/**
 * Search interest from Wikipedia page views (keyless; the honest stand-in for Google Trends, which has no official
 * API): human views of the project's curated en and zh articles over 7 full days (toViewsWindow), summed, as the 0–100
 * index above; the raw sum is kept as signal `wikiViews7d`. A missing article (404) is no data for that language;
 * a failed language fails the project (a partial sum would understate it). Daily, every project with titles.
 */
export async function runWikipediaSearchInterest(
  deps: IngestDeps,
  options: IngestOptions = {},
): Promise<SourceRunResult> {
  const { config } = deps;
  const client = wikimediaOptions(config, APP_VERSION, deps.signal);
  return runAttentionSource(
    deps,
    {
      source: 'wikipedia',
      field: 'googleTrends',
      scope: 'wikipedia',
      refreshMs: SEARCH_INTEREST_REFRESH_MS,
      pauseMs: 0,
    },
    async (target, now) => {
      const { start, end } = toViewsWindow(now);
      let views: number | null = null;
      for (const language of ['en', 'zh'] as WikiLanguage[]) {
        const title = target.wikipediaTitles?.[language];
        if (!title) continue;
        const found = await fetchArticleViews(client, language, title, start, end);
        if (found !== null) views = (views ?? 0) + found;
      }
      if (views === null) return null;
      return {
        values: { googleTrends: computeSearchInterestIndex(views) },
        signals: [{ signal: 'wikiViews7d', value: views }],
      };
    },
    options,
  );
}
