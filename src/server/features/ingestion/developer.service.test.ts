import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { loadEvaluationInputs } from '../methodology/evaluation-inputs.service.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const repo = (name: string, stars: number, forks: number, extra: Record<string, unknown> = {}) => ({
  id: stars,
  name,
  full_name: `aave/${name}`,
  private: false,
  fork: false,
  archived: false,
  stargazers_count: stars,
  forks_count: forks,
  watchers_count: stars,
  open_issues_count: 1,
  ...extra,
});
const WEEKS = Array.from({ length: 52 }, (_, i) => ({
  days: [0, 1, 0, 0, 0, 0, 0],
  total: 1,
  week: 1_700_000_000 + i * 604_800,
}));

describe('GitHub developer data', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;
  let statsCalls = 0;
  const now = new Date('2026-11-21T10:00:00.000Z');
  const nextDay = new Date('2026-11-22T10:00:00.000Z');
  let clock = now;

  function normal({ path, query }: FakeRequest): FakeResponse {
    if (path === '/orgs/aave/repos') {
      return query.get('page') === '2'
        ? { body: [repo('v2', 50, 5), repo('fork', 1000, 1, { fork: true })] }
        : {
            body: [repo('core', 1000, 600), repo('interface', 200, 100)],
            headers: {
              link: `<${fake.url}/orgs/aave/repos?per_page=100&page=2>; rel="next", <${fake.url}/orgs/aave/repos?per_page=100&page=2>; rel="last"`,
            },
          };
    }
    if (path.endsWith('/stats/commit_activity')) {
      statsCalls++;
      return statsCalls === 1 ? { status: 202, body: {} } : { body: WEEKS };
    }
    if (path.endsWith('/contributors')) {
      return {
        body: [{ login: 'a' }],
        headers: {
          link: `<${fake.url}${path}?per_page=1&page=2>; rel="next", <${fake.url}${path}?per_page=1&page=40>; rel="last"`,
        },
      };
    }
    if (path.endsWith('/stats/code_frequency'))
      return {
        body: [
          [1, 300, -100],
          [2, 100, -100],
        ],
      };
    return { status: 404, body: { message: 'Not Found' } };
  }

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({
      catalogue: false,
      env: { ...FAST_INGEST_ENV, GITHUB_BASE_URL: fake.url, GITHUB_TOKEN: 'ghp_test' },
    });
    deps = { db: t.db, config: t.config, events: t.events, now: () => clock };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'aave', githubOrgs: ['aave'] });
    override = undefined;
    clock = now;
    statsCalls = 0;
    fake.requests.length = 0;
  });

  const aave = async () => (await t.db.select().from(projects))[0]!;

  test('follows Link pagination, retries 202 stats, and stores sums with source and time', async () => {
    const result = await runIngestionSource(deps, 'github', 'cli');

    expect(result.failed).toBe(false);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer ghp_test');
    expect(fake.requests[0]?.headers['x-github-api-version']).toBe('2022-11-28');
    const row = await aave();
    // forks and archived repos are excluded; stats come from the top 3 repos by stars
    expect(row).toMatchObject({
      devStars: 1250,
      devForks: 705,
      devCommits: 52 * 3,
      devContributors: 40 * 3,
      devCodeFrequency: 300 * 3,
    });
    expect(row.metricSources.devStars).toEqual({ source: 'github', asOf: now.toISOString() });
    expect(statsCalls).toBeGreaterThan(3); // the 202 was retried, never stored as zero
  });

  describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
    {
      name: '429 with x-ratelimit-reset an hour away',
      answer: {
        status: 429,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
        body: { message: 'API rate limit exceeded' },
      },
      error: /HTTP 429/,
    },
    {
      name: '403 primary rate limit (x-ratelimit-remaining 0)',
      answer: {
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
        body: { message: 'API rate limit exceeded' },
      },
      error: /HTTP 403/,
    },
    { name: '500', answer: { status: 500, body: {} }, error: /HTTP 500/ },
    { name: 'timeout', answer: { delayMs: 1_500, body: [] }, error: /no answer/ },
    { name: 'malformed body', answer: { body: { not: 'a list' } }, error: /unexpected response shape/ },
  ])('repository listing fails: $name', ({ answer, error }) => {
    test('keeps the last values and marks them stale', async () => {
      await runIngestionSource(deps, 'github', 'cli');
      override = () => answer;
      clock = nextDay;

      const result = await runIngestionSource(deps, 'github', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(error);
      const row = await aave();
      expect(row).toMatchObject({ devStars: 1250, devForks: 705, devCommits: 156 });
      expect(row.metricSources.devStars).toMatchObject({ source: 'github', stale: true });
    });
  });

  test('statistics that never finish computing are "no data": old commits kept and flagged, stars refreshed', async () => {
    await runIngestionSource(deps, 'github', 'cli');
    override = ({ path }) => {
      if (path.endsWith('/stats/commit_activity')) return { status: 202, body: {} };
      if (path === '/orgs/aave/repos') return { body: [repo('core', 2000, 600)] };
      return undefined;
    };
    clock = nextDay;

    const result = await runIngestionSource(deps, 'github', 'cli');

    expect(result.failed).toBe(false);
    expect(result.errors.join()).toMatch(/HTTP 202/);
    const row = await aave();
    expect(row).toMatchObject({ devStars: 2000, devCommits: 156 });
    expect(row.metricSources.devCommits?.stale).toBe(true);
    expect(row.metricSources.devStars?.stale).toBeUndefined();
  });

  describe('commits per day', () => {
    /** 52 weeks up to the week of `at`, each Sunday..Saturday [1, 2, …, 7] commits (+ `extra` on every day). */
    const recentWeeks = (at: Date, extra = 0) => {
      const sunday = Date.parse(`${at.toISOString().slice(0, 10)}T00:00:00Z`) / 1000 - at.getUTCDay() * 86_400;
      return Array.from({ length: 52 }, (_, i) => {
        const days = [1, 2, 3, 4, 5, 6, 7].map((n) => n + extra);
        return { days, total: days.reduce((a, b) => a + b, 0), week: sunday - (51 - i) * 604_800 };
      });
    };
    const commitRows = async () =>
      queryRows<{ day: string; value: number; source: string }>(
        t.db,
        sql`SELECT day::text AS day, value, source FROM daily_signals
            WHERE project_id = 'aave' AND signal = 'commits' ORDER BY day`,
      );
    const activity = (extra: number) => (r: FakeRequest) =>
      r.path.endsWith('/stats/commit_activity') ? { body: recentWeeks(clock, extra) } : undefined;

    test('stores the last 7 complete days, summed over the same top 3 repositories, never today', async () => {
      override = activity(0);

      await runIngestionSource(deps, 'github', 'cli');

      // 2026-11-21 is a Saturday: 11-14 (Sat) … 11-20 (Fri); three repositories each.
      expect((await commitRows()).map((r) => [r.day, r.value, r.source])).toEqual([
        ['2026-11-14', 21, 'github'],
        ['2026-11-15', 3, 'github'],
        ['2026-11-16', 6, 'github'],
        ['2026-11-17', 9, 'github'],
        ['2026-11-18', 12, 'github'],
        ['2026-11-19', 15, 'github'],
        ['2026-11-20', 18, 'github'],
      ]);
      expect((await aave()).devCommits).toBe(3 * 52 * 28);
      // The methodology's development outcome reads them.
      const inputs = await loadEvaluationInputs(t.db, { from: '2026-11-19', to: '2026-11-21' });
      const p = inputs.projects.findIndex((x) => x.id === 'aave');
      expect(Array.from(inputs.signals.commits.subarray(p * 3, p * 3 + 3))).toEqual([15, 18, Number.NaN]);
    });

    test('the next day measures the overlapping days again (the later answer wins) and adds the new one', async () => {
      override = activity(0);
      await runIngestionSource(deps, 'github', 'cli');
      override = activity(1);
      clock = nextDay;

      await runIngestionSource(deps, 'github', 'cli');

      const rows = await commitRows();
      expect(rows.map((r) => r.day)).toEqual([
        '2026-11-14',
        '2026-11-15',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
      ]);
      expect(rows.find((r) => r.day === '2026-11-14')?.value).toBe(21); // not in the second run's 7 days
      expect(rows.find((r) => r.day === '2026-11-20')?.value).toBe(3 * 7);
      expect(rows.find((r) => r.day === '2026-11-21')?.value).toBe(3 * 8);
    });

    test('one repository whose statistics fail: no day is stored (a partial sum would understate the project)', async () => {
      override = (r) =>
        r.path === '/repos/aave/interface/stats/commit_activity' ? { status: 500, body: {} } : activity(0)(r);

      await runIngestionSource(deps, 'github', 'cli');

      expect(await commitRows()).toEqual([]);
    });
  });

  test('a project refreshed within 20 hours is not due again (the daily job and the full sync never repeat it)', async () => {
    await runIngestionSource(deps, 'github', 'cli');
    fake.requests.length = 0;
    clock = new Date(now.getTime() + 19 * 3_600_000);

    const result = await runIngestionSource(deps, 'github', 'cli');

    expect(result.counts.projects).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });
});
