import {
  type GithubClientOptions,
  type GithubRepo,
  getCodeFrequency,
  getCommitsLastYear,
  getContributorCount,
  getRepo,
  githubOptions,
  listOrgRepos,
} from '../../sources/github/github.client.ts';
import { SourceError } from '../../sources/http.ts';
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

/**
 * Developer signals of one project: stars and forks summed over the org's public, non-fork, non-archived repos;
 * commits (52 weeks), contributors and code frequency (lines changed per week) summed over the top
 * {@link STATS_REPOS} repos by stars. A statistic that fails is left out (no data), and its error is returned.
 */
async function collectProject(
  client: GithubClientOptions,
  orgs: string[],
): Promise<{ values: DevValues; errors: string[] }> {
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
  return {
    values: {
      devStars: own.reduce((s, r) => s + (r.stargazers_count ?? 0), 0),
      devForks: own.reduce((s, r) => s + (r.forks_count ?? 0), 0),
      devCommits: await sum((name) => getCommitsLastYear(client, name)),
      devContributors: await sum((name) => getContributorCount(client, name)),
      devCodeFrequency: await sum((name) => getCodeFrequency(client, name)),
    },
    errors,
  };
}

/**
 * Developer data from GitHub for every project with GitHub orgs (least recently refreshed first). A project whose
 * repositories cannot be listed keeps its values, marked stale; a failed statistic keeps its old value, marked stale.
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
      const { values, errors } = await collectProject(client, target.githubOrgs);
      await updateProjectMetrics(db, 'github', asOf, [{ id: target.id, values }]);
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
