import { toHttpPolicy } from '../../sources/http.ts';
import { createRedditClient } from '../../sources/reddit/reddit.client.ts';
import { APP_VERSION } from '../system/system.service.ts';
import { buildAttentionQuery } from './attention-query.ts';
import { runAttentionSource } from './attention-run.ts';
import { emptyResult, type IngestDeps, type IngestOptions, type SourceRunResult } from './ingestion.types.ts';
import { toCompleteRedditDays } from './reddit-days.ts';

export const REDDIT_REFRESH_MS = 20 * 3_600_000;
/** The Reddit job runs hourly: each run takes 1/24 of the projects. */
export const REDDIT_RUNS_PER_DAY = 24;
export const REDDIT_WINDOW_MS = 7 * 86_400_000;
/** Search pages (of 100 posts) per project; a project with more posts in a week is counted as at least 300. */
export const REDDIT_MAX_PAGES = 3;

/**
 * Reddit mentions through the official API with the app's client credentials: posts matching the project's attention
 * query in the last 7 days (`redditMentions`), and their distinct authors (`redditAuthors`: the heat model scores
 * min(posts, 3 × authors), docs/heat-score.md "Distinct authors"); and per complete UTC day of that window, the day's
 * posts and distinct authors in daily_signals (`redditPosts`, `redditAuthors`: the methodology's community outcome). Without REDDIT_CLIENT_ID and
 * REDDIT_CLIENT_SECRET the source is skipped: the signal stays "no data", never guessed. A token that cannot be had
 * fails the whole run before any project.
 */
export async function runRedditMentions(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { config } = deps;
  if (!config.REDDIT_CLIENT_ID || !config.REDDIT_CLIENT_SECRET) {
    return { ...emptyResult('reddit'), skipped: 'REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET are not set' };
  }
  const client = createRedditClient({
    authUrl: config.REDDIT_AUTH_URL,
    baseUrl: config.REDDIT_BASE_URL,
    clientId: config.REDDIT_CLIENT_ID,
    clientSecret: config.REDDIT_CLIENT_SECRET,
    userAgent: `server:heatrank:${APP_VERSION} (self-hosted HeatRank instance)`,
    policy: toHttpPolicy(config, deps.signal),
    maxPages: REDDIT_MAX_PAGES,
    now: deps.now,
  });
  await client.authenticate();
  return runAttentionSource(
    deps,
    {
      source: 'reddit',
      field: 'redditMentions',
      scope: 'all',
      refreshMs: REDDIT_REFRESH_MS,
      runsPerDay: REDDIT_RUNS_PER_DAY,
      pauseMs: config.REDDIT_PAUSE_MS,
    },
    async (target, now) => {
      const query = buildAttentionQuery(target);
      if (!query) return null;
      const since = new Date(now.getTime() - REDDIT_WINDOW_MS);
      const found = await client.countMentions(query.query, since);
      return {
        values: { redditMentions: found.posts, redditAuthors: found.authors },
        capped: found.capped,
        daily: toCompleteRedditDays(found, since, now),
      };
    },
    options,
  );
}
