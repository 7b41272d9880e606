import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Config } from '../../config.ts';
import { coingeckoOptions } from '../../sources/coingecko/coingecko.client.ts';
import { fetchMarketChart } from '../../sources/coingecko/market-chart.client.ts';
import type { DailyPoint } from '../../sources/daily.ts';
import { defillamaOptions } from '../../sources/defillama/defillama.client.ts';
import { fetchProtocolTvl } from '../../sources/defillama/protocol-tvl.client.ts';
import { fetchDailyCounts } from '../../sources/gdelt/daily-counts.client.ts';
import { gdeltOptions } from '../../sources/gdelt/gdelt.client.ts';
import { fetchCommitActivity } from '../../sources/github/commit-activity.client.ts';
import { type GithubRepo, getRepo, githubOptions, listOrgRepos } from '../../sources/github/github.client.ts';
import { fetchDailyViews } from '../../sources/wikimedia/daily-views.client.ts';
import { type WikiLanguage, wikimediaOptions } from '../../sources/wikimedia/wikimedia.client.ts';
import { DAILY_COMMITS_SIGNAL, MAX_ORGS, STATS_REPOS } from '../ingestion/developer.service.ts';
import { buildAttentionQuery } from '../ingestion/ingestion.service.ts';
import { APP_VERSION } from '../system/system.service.ts';
import type { BackfillTarget } from './backfill.queries.ts';

/** The span a backfill fetches: UTC days, inclusive, and their epoch-ms bounds. */
export type BackfillSpan = { fromDay: string; toDay: string; fromMs: number; toMs: number; days: number };
export type SignalPoint = DailyPoint & { signal: string };

/**
 * One history source of the backfill: which projects it knows, its pause between calls, and how it turns a project
 * into daily values. `fetch` answers null when the source has nothing for the project (no such coin, article…).
 */
export type HistorySource = {
  name: 'coingecko' | 'defillama' | 'github' | 'wikipedia' | 'gdelt';
  pauseMs: number;
  knows: (target: BackfillTarget) => boolean;
  fetch: (target: BackfillTarget, span: BackfillSpan) => Promise<SignalPoint[] | null>;
};

const tag = (signal: string, points: readonly DailyPoint[]) => points.map((p) => ({ ...p, signal }));
const within = (span: BackfillSpan) => (p: SignalPoint) => p.day >= span.fromDay && p.day <= span.toDay;

/**
 * The commits52w input of each day of the span: commits over the 364 days ending that day, from the daily counts
 * GitHub lists (its last 52 weeks only, so a day early in that span counts fewer weeks). Stored per day instead of
 * 364 raw counts per project: a past day's recompute reads one value.
 */
export function toCommits52w(commits: ReadonlyMap<string, number>, span: BackfillSpan): SignalPoint[] {
  const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const listed = [...commits.keys()].sort();
  const first = listed[0];
  if (first === undefined) return [];
  // Running totals by day number: a window is the difference of two of them.
  const firstDay = dayMs(first) / DAY_MS;
  const lastDay = span.toMs / DAY_MS;
  const total: number[] = [];
  let sum = 0;
  for (let d = firstDay; d <= lastDay; d++) {
    sum += commits.get(new Date(d * DAY_MS).toISOString().slice(0, 10)) ?? 0;
    total.push(sum);
  }
  const upTo = (d: number) => (d < firstDay ? 0 : (total[Math.min(d, Math.floor(lastDay)) - firstDay] ?? sum));
  const out: SignalPoint[] = [];
  for (let at = Math.max(span.fromMs, dayMs(first)); at <= span.toMs; at += DAY_MS) {
    const d = at / DAY_MS;
    out.push({ signal: 'commits52w', day: new Date(at).toISOString().slice(0, 10), value: upTo(d) - upTo(d - 364) });
  }
  return out;
}

/** The five sources with a daily history (docs/ingestion.md "History backfill"), configured from `config`. */
export function createHistorySources(config: Config, signal?: AbortSignal): HistorySource[] {
  const defillama = defillamaOptions(config, signal);
  const coingecko = coingeckoOptions(config, signal);
  const github = { ...githubOptions(config, signal), maxPages: 1 };
  const wiki = wikimediaOptions(config, APP_VERSION, signal);
  const gdelt = gdeltOptions(config, signal);
  return [
    {
      name: 'coingecko',
      pauseMs: config.BACKFILL_COINGECKO_PAUSE_MS,
      knows: (t) => t.coingeckoId !== null,
      fetch: async (t, span) => {
        const chart = await fetchMarketChart(coingecko, t.coingeckoId as string, span.days + 1);
        const points = [
          ...tag('price', chart.prices),
          ...tag('marketCap', chart.marketCaps),
          ...tag('volume24h', chart.volumes),
        ];
        return points.filter(within(span));
      },
    },
    {
      name: 'defillama',
      pauseMs: config.BACKFILL_DEFILLAMA_PAUSE_MS,
      knows: (t) => t.defillamaId !== null,
      fetch: async (t, span) => tag('tvl', await fetchProtocolTvl(defillama, t.id, span.fromMs)).filter(within(span)),
    },
    {
      name: 'github',
      pauseMs: config.BACKFILL_GITHUB_PAUSE_MS,
      knows: (t) => t.githubOrgs.length > 0,
      // The same repositories the live developer signal sums (the top STATS_REPOS by stars of the first MAX_ORGS).
      fetch: async (t, span) => {
        const repos: GithubRepo[] = [];
        for (const org of t.githubOrgs.slice(0, MAX_ORGS)) {
          if (org.includes('/')) repos.push(await getRepo(github, org));
          else repos.push(...(await listOrgRepos(github, org)));
        }
        const top = repos
          .filter((r) => !r.fork && !r.archived)
          .sort((a, b) => (b.stargazers_count ?? 0) - (a.stargazers_count ?? 0))
          .slice(0, STATS_REPOS);
        if (top.length === 0) return null;
        const commits = new Map<string, number>();
        for (const repo of top) {
          for (const p of await fetchCommitActivity(github, repo.full_name, span.toMs)) {
            commits.set(p.day, (commits.get(p.day) ?? 0) + p.value);
          }
        }
        // The day's own commits too (the methodology's development outcome), beside the 52-week sum heat reads.
        const daily = [...commits].map(([day, value]) => ({ signal: DAILY_COMMITS_SIGNAL, day, value }));
        return [...toCommits52w(commits, span), ...daily.filter(within(span))];
      },
    },
    {
      name: 'wikipedia',
      pauseMs: config.BACKFILL_WIKIPEDIA_PAUSE_MS,
      knows: (t) => Boolean(t.wikipediaTitles?.en || t.wikipediaTitles?.zh),
      fetch: async (t, span) => {
        const byDay = new Map<string, number>();
        let found = false;
        for (const language of ['en', 'zh'] as WikiLanguage[]) {
          const title = t.wikipediaTitles?.[language];
          if (!title) continue;
          const points = await fetchDailyViews(wiki, language, title, new Date(span.fromMs), new Date(span.toMs));
          if (points === null) continue;
          found = true;
          for (const p of points) byDay.set(p.day, (byDay.get(p.day) ?? 0) + p.value);
        }
        return found
          ? [...byDay].map(([day, value]) => ({ signal: 'pageViews', day, value })).filter(within(span))
          : null;
      },
    },
    {
      name: 'gdelt',
      pauseMs: config.GDELT_PAUSE_MS,
      knows: (t) => buildAttentionQuery(t) !== null,
      fetch: async (t, span) => {
        const query = buildAttentionQuery(t);
        if (!query) return null;
        const points = await fetchDailyCounts(
          gdelt,
          query.query,
          new Date(span.fromMs),
          new Date(span.toMs + DAY_MS - 1000),
        );
        return tag('news', points).filter(within(span));
      },
    },
  ];
}
