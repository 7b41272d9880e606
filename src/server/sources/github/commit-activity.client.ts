import { z } from 'zod';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { type DailyPoint, toUtcDay } from '../daily.ts';
import { parseBody, requestJson } from '../http.ts';
import { type GithubClientOptions, githubHeaders, githubIsRateLimited, githubRetryAfterMs } from './github.client.ts';

const SOURCE = 'github';

/** GET …/stats/commit_activity: 52 weeks, `week` the week's Sunday (unix s), `days` Sunday..Saturday counts. */
const CommitActivitySchema = z.array(
  z.looseObject({
    total: z.number().nonnegative(),
    week: z.number(),
    days: z.array(z.number().nonnegative()).length(7),
  }),
);

/**
 * A repository's commits per UTC day over the last 52 weeks (GET /repos/{o}/{r}/stats/commit_activity). 202 means
 * "still computing": asked again with back-off up to the policy's retries, then a SourceError (never read as zero);
 * 204 (an empty repository) is no commits. Days after `untilMs` (the current week's future days) are left out.
 */
export async function fetchCommitActivity(
  options: GithubClientOptions,
  fullName: string,
  untilMs: number,
): Promise<DailyPoint[]> {
  const response = await requestJson(
    SOURCE,
    `${options.baseUrl}/repos/${fullName}/stats/commit_activity`,
    options.policy,
    {
      headers: githubHeaders(options),
      retryStatuses: [202],
      retryAfterMs: githubRetryAfterMs,
      isRateLimited: githubIsRateLimited,
    },
  );
  if (response.status === 204) return [];
  const points: DailyPoint[] = [];
  for (const week of parseBody(SOURCE, CommitActivitySchema, response.body)) {
    week.days.forEach((value, i) => {
      const at = week.week * 1000 + i * DAY_MS;
      if (at <= untilMs) points.push({ day: toUtcDay(at), value });
    });
  }
  return points.sort((a, b) => a.day.localeCompare(b.day));
}
