import type { MetricSource } from '../../../shared/api/common.schema.ts';
import { toServedLogoUrl } from '../../../shared/api/fundamentals.schema.ts';
import {
  type HeatSparklines,
  type Project,
  type ProjectDirectoryResponse,
  type ProjectListItem,
  type ProjectListQuery,
  SPARKLINE_DAYS,
  type TrendingRank,
} from '../../../shared/api/projects.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import type { MetricSources, ProjectFundamentals, projectScores, projects } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findAliasHits } from '../catalogue/aliases.service.ts';
import {
  countProjects,
  type ProjectCursor,
  type ProjectFilters,
  type ProjectListRow,
  selectHeatDays,
  selectProjectById,
  selectProjectKeysetPage,
  selectProjectPage,
  selectSectorName,
  selectStoredProjectId,
  selectTrendingRanks,
} from './projects.queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Maps a list row to the API's list item; market provenance is marketCap's source. */
export function toProjectListItem(row: ProjectListRow): ProjectListItem {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    logoUrl: toServedLogoUrl(row.id, row.logoEtag),
    intro: { en: row.introEn, zh: row.introZh },
    category: row.category,
    chains: row.chains,
    status: row.status,
    verified: row.verification !== null,
    verification: row.verification,
    heatScore: row.heatScore,
    evidenceCount: row.evidenceCount,
    socialScore: row.socialScore,
    price: row.price,
    marketCap: row.marketCap,
    volume24h: row.volume24h,
    priceChange24h: row.priceChange24h,
    priceChange7d: row.priceChange7d,
    followersTwitter: row.followersTwitter,
    marketSource: (row.metricSources.marketCap as MetricSource | undefined) ?? null,
    followersSource: (row.metricSources.followersTwitter as MetricSource | undefined) ?? null,
    listedAt: iso(row.listedAt),
  };
}

/** The newest as-of among a project's metric inputs: when its data was last true, not when the row was written. */
export function newestAsOf(sources: MetricSources): string | null {
  let newest: string | null = null;
  for (const source of Object.values(sources)) {
    if (source && (newest === null || Date.parse(source.asOf) > Date.parse(newest))) newest = source.asOf;
  }
  return newest;
}

/** Full project DTO, links built from stored handles. */
export function toProject(
  row: typeof projects.$inferSelect,
  scores: typeof projectScores.$inferSelect,
  sectorId: string | null,
): Omit<Project, 'trending'> {
  const githubOrg = row.githubOrgs[0];
  return {
    ...toProjectListItem({
      ...row,
      status: scores.status,
      heatScore: scores.heatScore,
      evidenceCount: scores.evidenceCount,
      socialScore: scores.socialScore,
    }),
    description: { en: row.descriptionEn, zh: row.descriptionZh },
    categories: row.categories,
    tags: row.tags,
    links: {
      website: row.websiteUrl,
      twitter: row.twitterHandle ? `https://x.com/${row.twitterHandle}` : null,
      telegram: row.telegramUrl,
      discord: row.discordUrl,
      github: githubOrg ? `https://github.com/${githubOrg}` : null,
      whitepaper: row.whitepaperUrl,
    },
    twitterHandle: row.twitterHandle,
    githubOrgs: row.githubOrgs,
    sourcePlatform: row.sourcePlatform,
    coingeckoId: row.coingeckoId,
    sectorId,
    metrics: {
      price: row.price,
      marketCap: row.marketCap,
      volume24h: row.volume24h,
      priceChange24h: row.priceChange24h,
      priceChange7d: row.priceChange7d,
      tvl: row.tvl,
    },
    followers: { twitter: row.followersTwitter, telegram: row.followersTelegram, discord: row.followersDiscord },
    social: { mentions7d: row.mentions7d, engagementAvg: row.engagementAvg },
    development: {
      commits: row.devCommits,
      stars: row.devStars,
      forks: row.devForks,
      contributors: row.devContributors,
      codeFrequency: row.devCodeFrequency,
    },
    news: {
      mentions: row.newsMentions,
      googleTrends: row.googleTrends,
      redditMentions: row.redditMentions,
      redditAuthors: row.redditAuthors,
    },
    metricSources: Object.fromEntries(
      Object.entries(row.metricSources).filter((entry): entry is [string, MetricSource] => entry[1] !== undefined),
    ),
    heatModel: scores.model,
    heatComputedAt: iso(scores.computedAt),
    dataAsOf: newestAsOf(row.metricSources),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fundamentals: toFundamentals(row.fundamentals),
  };
}

const toText = (text: { en: string; zh?: string } | undefined) => (text ? { en: text.en, zh: text.zh ?? null } : null);

/** The catalogue's optional labels for the page: a missing one is null (or an empty list). */
function toFundamentals(value: ProjectFundamentals | null): Project['fundamentals'] {
  return {
    team: toText(value?.team),
    roadmap: toText(value?.roadmap),
    tokenomics: toText(value?.tokenomics),
    partnerships: value?.partnerships ?? [],
  };
}

/** The projects one of whose aliases (以太坊, Ripple…) contains q: the directory's name filter finds them too. */
function aliasMatchesOf(q: string): string[] {
  const hits = findAliasHits(q);
  return [...hits.exact, ...hits.prefix, ...hits.contains];
}

async function filtersOf(db: Db, query: Omit<ProjectListQuery, 'limit' | 'offset'>): Promise<ProjectFilters> {
  return {
    category: query.category ? ((await selectSectorName(db, query.category)) ?? query.category) : undefined,
    chain: query.chain,
    status: query.status,
    scored: query.scored,
    verified: query.verified,
    q: query.q,
    aliasIds: query.q ? aliasMatchesOf(query.q) : undefined,
  };
}

/**
 * The list query as the service and the response cache see it: `pageSize` (the directory's 20/50/100) becomes the
 * limit, and the language (which changes nothing in the body) goes, so equal pages share one cache entry.
 */
export function toListQuery(query: ProjectListQuery): Omit<ProjectListQuery, 'lang' | 'pageSize'> {
  const { lang: _lang, pageSize, ...rest } = query;
  return { ...rest, limit: pageSize ?? rest.limit };
}

/**
 * Lists projects with filters and a stable sort (ties broken by id); heat descending by default. Each row's heat of the
 * last 7 UTC days (ending at `now`'s day) comes with the page, read in one more statement.
 */
export async function listProjects(
  db: Db,
  query: Omit<ProjectListQuery, 'lang' | 'pageSize'>,
  now: Date,
): Promise<ProjectDirectoryResponse> {
  const filters = await filtersOf(db, query);
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
  const [rows, total] = await Promise.all([
    selectProjectPage(db, filters, { sort: query.sort, order, limit: query.limit, offset: query.offset }),
    countProjects(db, filters),
  ]);
  const items = rows.map(toProjectListItem);
  const ids = items.map((item) => item.id);
  const heat7d = await listHeatSparklines(db, ids, now);
  const trending = await listTrendingRanks(db, ids);
  return { items, total, limit: query.limit, offset: query.offset, heat7d, trending };
}

/** The listed projects' CoinGecko trending ranks (1 = top), by project id; projects not on the list are absent. */
async function listTrendingRanks(db: Db, ids: readonly string[]): Promise<Record<string, TrendingRank>> {
  const ranks: Record<string, TrendingRank> = {};
  for (const row of await selectTrendingRanks(db, ids)) {
    if (row.value === null || !Number.isInteger(row.value) || row.value < 0) continue;
    ranks[row.projectId] = { rank: row.value + 1, source: 'coingecko', asOf: row.asOf.toISOString() };
  }
  return ranks;
}

/** The SPARKLINE_DAYS UTC days ending at `now`'s day, oldest first (YYYY-MM-DD). */
export function sparklineDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: SPARKLINE_DAYS }, (_, i) =>
    new Date(today - (SPARKLINE_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Each project's heat on each sparkline day: null where the day has no ranked heat (a gap, not a zero). */
async function listHeatSparklines(db: Db, ids: readonly string[], now: Date): Promise<HeatSparklines> {
  const days = sparklineDays(now);
  const rows = await selectHeatDays(db, ids, days[0] ?? '');
  const scores: Record<string, (number | null)[]> = {};
  for (const id of ids) scores[id] = days.map(() => null);
  for (const row of rows) {
    const index = days.indexOf(row.day);
    const line = scores[row.projectId];
    if (line && index >= 0) line[index] = row.score;
  }
  return { days, scores };
}

/**
 * The directory's whole filtered list in its order, read lazily in keyset pages of `pageSize` (exports): never more
 * than one page in memory, at most `limit` rows (null: all). `total` counts every match (the cap is the caller's).
 */
export async function readProjectList(
  db: Db,
  query: Omit<ProjectListQuery, 'limit' | 'offset'>,
  limit: number | null,
  pageSize = 500,
): Promise<{ total: number; rows: AsyncIterable<ProjectListItem> }> {
  const filters = await filtersOf(db, query);
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
  const total = await countProjects(db, filters);
  async function* rows(): AsyncIterable<ProjectListItem> {
    let after: ProjectCursor | null = null;
    let left = limit ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const size = Math.min(pageSize, left);
      const page = await selectProjectKeysetPage(db, filters, { sort: query.sort, order, after, limit: size });
      for (const row of page) yield toProjectListItem(row);
      left -= page.length;
      const last = page.at(-1);
      if (page.length === size) {
        if (last) after = { value: last.sortValue, id: last.id };
        continue;
      }
      // A short page ends the rows with a sort value; the NULLS LAST tail (if not read yet) follows.
      if (after?.value === null || (last && last.sortValue === null)) return;
      after = { value: null, id: '' };
    }
  }
  return { total, rows: rows() };
}

/** One project by id; throws PROJECT_NOT_FOUND. */
export async function getProject(db: Db, id: string): Promise<Project> {
  const row = await selectProjectById(db, id);
  if (!row) throw new AppError('PROJECT_NOT_FOUND', { id });
  const [trending] = Object.values(await listTrendingRanks(db, [id]));
  return { ...toProject(row.project, row.scores, row.sectorId), trending: trending ?? null };
}

/** A project's id as stored, whatever the case asked (watchlists, alerts and team notes name projects by it). */
export function findStoredProjectId(db: Db, id: string): Promise<string | undefined> {
  return selectStoredProjectId(db, id);
}

/** The response-cache key of a directory page (`toListQuery`'s output): the web's and the public API's share it. */
export function projectListCacheKey(query: ReturnType<typeof toListQuery>): string {
  return `projects:${JSON.stringify(query)}`;
}

/** The response-cache key of one project's page: the web's and the public API's share it. */
export function projectCacheKey(id: string): string {
  return `project:${id}`;
}
