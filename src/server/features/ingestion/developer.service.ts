import { DAY_MS } from '../../../shared/time/duration.ts';
import {
  type GithubClientOptions,
  type GithubRepo,
  getCodeFrequency,
  getCommitActivity,
  getContributorCount,
  getRepo,
  githubOptions,
  listOrgRepos,
} from '../../sources/github/github.client.ts';
import { SourceError } from '../../sources/http.ts';
import { type DailyValue, upsertDailyValues } from './daily-values.queries.ts';
import { markMetricsStale, selectGithubTargets, updateProjectMetrics } from './ingestion.queries.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
} from './ingestion.types.ts';
import { type MetricField, type MetricUpdate, SOURCE_FIELDS } from './metric-fields.ts';

/** Developer data is daily; 20 h leaves slack for schedule drift, so the daily job and the full sync never repeat it. */
export const GITHUB_REFRESH_MS = 20 * 3_600_000;

/** Orgs per project and repositories per project whose statistics we fetch (the most-starred ones). */
export const MAX_ORGS = 3;
export const STATS_REPOS = 3;

type DevValues = MetricUpdate['values'];

/** Complete UTC days before today whose commits a refresh stores (a run missed or late is covered by the next). */
export const GITHUB_COMMIT_DAYS = 7;
/** The daily_signals name of a project's commits per day (the methodology evaluation's development outcome). */
export const DAILY_COMMITS_SIGNAL = 'commits';

/**
 * The last GITHUB_COMMIT_DAYS complete UTC days before `now` with their commits summed over the repositories read
 * (`byDay`); a day no repository lists is left out (no data), a listed 0 is a measured 0.
 */
export function toDailyCommits(byDay: ReadonlyMap<string, number>, now: Date): { day: string; value: number }[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const out: { day: string; value: number }[] = [];
  for (let k = GITHUB_COMMIT_DAYS; k >= 1; k--) {
    const day = new Date(today - k * DAY_MS).toISOString().slice(0, 10);
    const value = byDay.get(day);
    if (value !== undefined) out.push({ day, value });
  }
  return out;
}

/**
 * Developer signals of one project: stars and forks summed over the org's public, non-fork, non-archived repos;
 * commits (52 weeks), contributors and code frequency (lines changed per week) summed over the top
 * {@link STATS_REPOS} repos by stars. A statistic that fails is left out (no data), and its error is returned.
 */
async function collectProject(
  client: GithubClientOptions,
  orgs: string[],
  now: Date,
): Promise<{ values: DevValues; errors: string[]; dailyCommits: { day: string; value: number }[] }> {
  const repos: GithubRepo[] = [];
  for (const org of orgs.slice(0, MAX_ORGS)) {
    if (org.includes('/')) repos.push(await getRepo(client, org));
    else repos.push(...(await listOrgRepos(client, org)));
  }
  const own = repos.filter((r) => !r.fork && !r.archived);
  const top = [...own].sort((a, b) => (b.stargazers_count ?? 0) - (a.stargazers_count ?? 0)).slice(0, STATS_REPOS);
  const errors: string[] = [];
  const sum = async (load: (fullName: string) => Promise<number | undefined>): Promise<number | null> => {
    let total: number | null = top.length === 0 ? 0 : null;
    for (const repo of top) {
      try {
        const value = await load(repo.full_name);
        if (value !== undefined) total = (total ?? 0) + value;
      } catch (error) {
        client.policy.signal?.throwIfAborted(); // stopping: not a missing statistic
        errors.push(`${repo.full_name}: ${errorMessage(error)}`);
        return null; // a partial sum would understate the project: no data instead
      }
    }
    return total;
  };
  // The same answers give the commits per day: summed over the same repositories, kept only when all were read.
  const commitsByDay = new Map<string, number>();
  const devCommits = await sum(async (name) => {
    const activity = await getCommitActivity(client, name, now.getTime());
    for (const p of activity.daily) commitsByDay.set(p.day, (commitsByDay.get(p.day) ?? 0) + p.value);
    return activity.total;
  });
  return {
    dailyCommits: devCommits === null || top.length === 0 ? [] : toDailyCommits(commitsByDay, now),
    values: {
      devStars: own.reduce((s, r) => s + (r.stargazers_count ?? 0), 0),
      devForks: own.reduce((s, r) => s + (r.forks_count ?? 0), 0),
      devCommits,
      devContributors: await sum((name) => getContributorCount(client, name)),
      devCodeFrequency: await sum((name) => getCodeFrequency(client, name)),
    },
    errors,
  };
}

/**
 * Developer data from GitHub for every project with GitHub orgs (least recently refreshed first). A project whose
 * repositories cannot be listed keeps its values, marked stale; a failed statistic keeps its old value, marked stale.
 * Its commits of each of the last GITHUB_COMMIT_DAYS complete days go to daily_signals ('commits'; a later measure of
 * a day wins: commits can be pushed with earlier dates).
 */
export async function runGithubDevelopment(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { db, config } = deps;
  const result = emptyResult('github');
  const client = githubOptions(config, deps.signal);
  const now = deps.now?.() ?? new Date();
  const targets = await selectGithubTargets(db, new Date(now.getTime() - GITHUB_REFRESH_MS), options.limit);
  let failedProjects = 0;
  let attempted = 0;
  for (const [i, target] of targets.entries()) {
    deps.signal?.throwIfAborted();
    attempted++;
    const asOf = deps.now?.() ?? new Date();
    try {
      const { values, errors, dailyCommits } = await collectProject(client, target.githubOrgs, now);
      await updateProjectMetrics(db, 'github', asOf, [{ id: target.id, values }]);
      const days: DailyValue[] = dailyCommits.map((d) => ({
        ...d,
        projectId: target.id,
        signal: DAILY_COMMITS_SIGNAL,
      }));
      await upsertDailyValues(db, 'github', asOf, days);
      const missing = (Object.keys(values) as MetricField[]).filter((k) => values[k] === null);
      await markMetricsStale(db, 'github', missing, [target.id]);
      result.errors.push(...errors.map((e) => `${target.id}: ${e}`));
      result.updatedIds.push(target.id);
    } catch (error) {
      deps.signal?.throwIfAborted(); // stopping: not this project's failure
      failedProjects++;
      result.errors.push(`${target.id}: ${errorMessage(error)}`);
      await markMetricsStale(db, 'github', SOURCE_FIELDS.github, [target.id]);
      if (error instanceof SourceError && error.kind === 'rate_limited') {
        // The limit resets later than we wait: the remaining projects keep their values for the next run.
        result.errors.push(`stopped after ${i + 1} of ${targets.length}: rate-limited`);
        break;
      }
    }
    options.onProgress?.(i + 1, targets.length);
  }
  result.counts = { projects: targets.length, updated: result.updatedIds.length, failed: failedProjects };
  result.tally = {
    requested: targets.length,
    succeeded: result.updatedIds.length,
    failed: failedProjects,
    skipped: targets.length - attempted,
  };
  result.failed = targets.length > 0 && failedProjects === targets.length;
  return result;
}
