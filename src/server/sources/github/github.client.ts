import { z } from 'zod';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Config } from '../../config.ts';
import { type DailyPoint, toUtcDay } from '../daily.ts';
import { type HttpPolicy, type HttpResponse, parseBody, parseResetEpoch, requestJson, toHttpPolicy } from '../http.ts';

const SOURCE = 'github';

const RepoSchema = z.object({
  name: z.string(),
  full_name: z.string(),
  fork: z.boolean().nullish(),
  archived: z.boolean().nullish(),
  stargazers_count: z.number().nullish(),
  forks_count: z.number().nullish(),
});
export type GithubRepo = z.infer<typeof RepoSchema>;

const CommitActivitySchema = z.array(z.object({ total: z.number(), week: z.number(), days: z.array(z.number()) }));
const CodeFrequencySchema = z.array(z.tuple([z.number(), z.number(), z.number()]));

export type GithubClientOptions = { baseUrl: string; token?: string; policy: HttpPolicy; maxPages?: number };

/** Every GitHub call's options, from the config; `signal` is the run's stop signal. */
export function githubOptions(config: Config, signal?: AbortSignal): GithubClientOptions {
  return { baseUrl: config.GITHUB_BASE_URL, token: config.GITHUB_TOKEN, policy: toHttpPolicy(config, signal) };
}

export function githubHeaders(options: GithubClientOptions): Record<string, string> {
  return {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
}

// Primary limit: 403/429 with x-ratelimit-remaining 0 → wait for x-ratelimit-reset; secondary: retry-after.
export const githubRetryAfterMs = (r: HttpResponse, now: number) =>
  r.headers.get('retry-after') !== null
    ? Number(r.headers.get('retry-after')) * 1000
    : parseResetEpoch(r.headers, 'x-ratelimit-reset', now);

export const githubIsRateLimited = (r: HttpResponse) =>
  r.status === 403 && r.headers.get('x-ratelimit-remaining') === '0';

function nextLink(link: string | null): string | undefined {
  return link?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
}

function lastPage(link: string | null): number | undefined {
  const url = link?.match(/<([^>]+)>;\s*rel="last"/)?.[1];
  const page = url ? Number(new URL(url).searchParams.get('page')) : Number.NaN;
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

/** Public repositories of an org (GET /orgs/{org}/repos, following `Link: rel="next"` up to `maxPages`). */
export async function listOrgRepos(options: GithubClientOptions, org: string): Promise<GithubRepo[]> {
  const repos: GithubRepo[] = [];
  let url: string | undefined = `${options.baseUrl}/orgs/${encodeURIComponent(org)}/repos?per_page=100&type=public`;
  for (let page = 0; url && page < (options.maxPages ?? 3); page++) {
    const response = await requestJson(SOURCE, url, options.policy, {
      headers: githubHeaders(options),
      retryAfterMs: githubRetryAfterMs,
      isRateLimited: githubIsRateLimited,
    });
    repos.push(...parseBody(SOURCE, z.array(RepoSchema), response.body));
    url = nextLink(response.headers.get('link'));
  }
  return repos;
}

/** One repository (GET /repos/{owner}/{repo}), for `github` entries given as `org/repo`. */
export async function getRepo(options: GithubClientOptions, fullName: string): Promise<GithubRepo> {
  const response = await requestJson(SOURCE, `${options.baseUrl}/repos/${fullName}`, options.policy, {
    headers: githubHeaders(options),
    retryAfterMs: githubRetryAfterMs,
    isRateLimited: githubIsRateLimited,
  });
  return parseBody(SOURCE, RepoSchema, response.body);
}

/**
 * Commits in the last 52 weeks (GET …/stats/commit_activity: the week totals) and per UTC day (`daily`: each week's
 * Sunday..Saturday counts, days after `untilMs` — the current week's future days — left out). 202 means "still
 * computing": retried with back-off and never read as zero; 204 (empty repo) is 0 and no days. Throws SourceError when
 * the stats never become ready.
 */
export async function getCommitActivity(
  options: GithubClientOptions,
  fullName: string,
  untilMs: number,
): Promise<{ total: number; daily: DailyPoint[] }> {
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
  if (response.status === 204) return { total: 0, daily: [] };
  const weeks = parseBody(SOURCE, CommitActivitySchema, response.body);
  const daily: DailyPoint[] = [];
  for (const week of weeks) {
    week.days.forEach((value, i) => {
      const at = week.week * 1000 + i * DAY_MS;
      if (at <= untilMs) daily.push({ day: toUtcDay(at), value });
    });
  }
  return { total: weeks.reduce((sum, week) => sum + week.total, 0), daily };
}

/** Weeks of code frequency used for the average (the recent quarter). */
export const CODE_FREQUENCY_WEEKS = 12;

/**
 * Lines changed per week (additions + |deletions|), averaged over the last {@link CODE_FREQUENCY_WEEKS} weeks
 * (GET …/stats/code_frequency; 202 retried; 204 → 0; 422 for ≥ 10k-commit repos → undefined, "no data").
 */
export async function getCodeFrequency(options: GithubClientOptions, fullName: string): Promise<number | undefined> {
  const response = await requestJson(
    SOURCE,
    `${options.baseUrl}/repos/${fullName}/stats/code_frequency`,
    options.policy,
    {
      headers: githubHeaders(options),
      retryStatuses: [202],
      acceptStatuses: [422],
      retryAfterMs: githubRetryAfterMs,
      isRateLimited: githubIsRateLimited,
    },
  );
  if (response.status === 204) return 0;
  if (response.status === 422) return undefined;
  const weeks = parseBody(SOURCE, CodeFrequencySchema, response.body).slice(-CODE_FREQUENCY_WEEKS);
  if (weeks.length === 0) return 0;
  return weeks.reduce((sum, [, added, deleted]) => sum + added + Math.abs(deleted), 0) / weeks.length;
}

/** Contributor count: one contributor per page, so the `rel="last"` page number is the count (GET …/contributors). */
export async function getContributorCount(options: GithubClientOptions, fullName: string): Promise<number> {
  const response = await requestJson(
    SOURCE,
    `${options.baseUrl}/repos/${fullName}/contributors?per_page=1&anon=true`,
    options.policy,
    { headers: githubHeaders(options), retryAfterMs: githubRetryAfterMs, isRateLimited: githubIsRateLimited },
  );
  if (response.status === 204) return 0;
  const page = lastPage(response.headers.get('link'));
  return page ?? parseBody(SOURCE, z.array(z.unknown()), response.body).length;
}
