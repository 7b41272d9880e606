import {
  and,
  arrayContains,
  asc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectSort } from '../../../shared/api/projects.schema.ts';
import type { Db } from '../../db/client.ts';
import { projectListColumns } from '../../db/project-columns.ts';
import {
  heatDailyRanks,
  projectScores,
  projectSignals,
  projects,
  scoresOfProject,
  sectors,
} from '../../db/schema/index.ts';

export type ProjectFilters = {
  category?: string;
  chain?: string;
  status?: 'trending' | 'rising' | 'new' | 'active';
  /** true: only projects with a heat score; false: only those without. */
  scored?: boolean;
  verified?: boolean;
  /** A name lookup: name or symbol contains q (any case), or the project is one of `aliasIds`. */
  q?: string;
  /** Projects one of whose aliases (catalogue-aliases.ts: 以太坊, Ripple…) contains q; only read with `q`. */
  aliasIds?: readonly string[];
};

const SORT_COLUMNS: Record<ProjectSort, AnyPgColumn> = {
  heat: projectScores.heatScore,
  social: projectScores.socialScore,
  market_cap: projects.marketCap,
  volume: projects.volume24h,
  change_24h: projects.priceChange24h,
  listed: projects.listedAt,
  name: projects.name,
  // Unindexed (a sort of the filtered rows): /data-tool sorts by every figure it shows.
  price: projects.price,
  followers: projects.followersTwitter,
};

/** Sorts whose index lives on project_scores (its id column breaks ties there). */
const isScoreSort = (sort: ProjectSort) => sort === 'heat' || sort === 'social';

/**
 * ORDER BY that matches the indexes exactly: `<col> DESC NULLS LAST, id` (schema/projects.ts, schema/heat.ts).
 * NULLS LAST in both orders: an unscored project (heat null) comes after every scored one, ascending too.
 */
function orderFor(sort: ProjectSort, order: 'asc' | 'desc'): SQL[] {
  const column = SORT_COLUMNS[sort];
  const direction = order === 'asc' ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
  return [sql`${column} ${direction}`, asc(isScoreSort(sort) ? projectScores.projectId : projects.id)];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The directory's text filter is a name lookup, free and never counted (docs/search.md "What counts"): the name or
 * symbol contains q, or an alias does. Descriptions, tags and full text are the counted /search's.
 */
function nameLookup(q: string, aliasIds: readonly string[] = []): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  return or(
    ilike(projects.name, pattern),
    ilike(projects.symbol, pattern),
    aliasIds.length > 0 ? inArray(projects.id, [...aliasIds]) : undefined,
  );
}

/**
 * WHERE for the filters. `categoryOn: 'scores'` filters on project_scores' copy of the category, which the heat sort
 * needs to walk the (category, heat) index; other sorts filter on projects.category.
 */
export function whereFor(filters: ProjectFilters, categoryOn: 'projects' | 'scores' = 'projects'): SQL | undefined {
  const category = categoryOn === 'scores' ? projectScores.category : projects.category;
  return and(
    filters.category ? eq(category, filters.category) : undefined,
    filters.chain ? arrayContains(projects.chains, [filters.chain]) : undefined,
    filters.status ? eq(projectScores.status, filters.status) : undefined,
    filters.scored === undefined
      ? undefined
      : filters.scored
        ? isNotNull(projectScores.heatScore)
        : isNull(projectScores.heatScore),
    filters.verified === undefined ? undefined : eq(projects.isVerified, filters.verified),
    filters.q ? nameLookup(filters.q, filters.aliasIds) : undefined,
  );
}

export type ProjectListRow = Awaited<ReturnType<typeof selectProjectPage>>[number];

export function selectProjectPage(
  db: Db,
  filters: ProjectFilters,
  page: { sort: ProjectSort; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  return db
    .select(projectListColumns)
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(whereFor(filters, isScoreSort(page.sort) ? 'scores' : 'projects'))
    .orderBy(...orderFor(page.sort, page.order))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Where the previous keyset page ended: its last row's sort value and id. `value: null` reads the NULLS LAST tail
 * (rows without the sort value, by id), which comes after every row that has one.
 */
export type ProjectCursor = { value: unknown; id: string };

/**
 * The page after `after` in the list's order (`<col> ASC|DESC NULLS LAST, id`), for reading a whole filtered list
 * in pages (exports) without OFFSET's cost growing with the page number. The seek is written so the sort index can
 * start at the cursor (`col <= v`, ties at v past the cursor's id), never as an OR over the whole table; rows without
 * a value are read after those with one (`after.value === null`). Each row carries its sort value (`sortValue`).
 */
export function selectProjectKeysetPage(
  db: Db,
  filters: ProjectFilters,
  page: { sort: ProjectSort; order: 'asc' | 'desc'; after: ProjectCursor | null; limit: number },
) {
  const column = SORT_COLUMNS[page.sort];
  const idColumn = isScoreSort(page.sort) ? projectScores.projectId : projects.id;
  const after = page.after;
  let seek: SQL | undefined;
  if (after && after.value !== null) {
    seek = and(
      page.order === 'asc' ? gte(column, after.value) : lte(column, after.value),
      not(and(eq(column, after.value), lte(idColumn, after.id)) as SQL),
    );
  } else if (after) {
    seek = and(isNull(column), gt(idColumn, after.id));
  }
  return db
    .select({ ...projectListColumns, sortValue: column })
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(and(whereFor(filters, isScoreSort(page.sort) ? 'scores' : 'projects'), seek))
    .orderBy(...orderFor(page.sort, page.order))
    .limit(page.limit);
}

export async function countProjects(db: Db, filters: ProjectFilters): Promise<number> {
  const count = { n: sql<number>`count(*)::int` };
  // Only the status and scored filters need the scores; counting the projects table alone is cheaper.
  const [row] =
    filters.status || filters.scored !== undefined
      ? await db.select(count).from(projects).innerJoin(projectScores, scoresOfProject).where(whereFor(filters))
      : await db.select(count).from(projects).where(whereFor(filters));
  return row?.n ?? 0;
}

export async function selectProjectById(db: Db, id: string) {
  const [row] = await db
    .select({ project: projects, scores: projectScores, sectorId: sectors.id })
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .leftJoin(sectors, eq(sectors.name, projects.category))
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

/** Resolves a category given as a sector id or name, in any case, to the stored sector name. */
export async function selectSectorName(db: Db, value: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: sectors.name })
    .from(sectors)
    .where(or(sql`lower(${sectors.id}) = lower(${value})`, sql`lower(${sectors.name}) = lower(${value})`))
    .limit(1);
  return row?.name;
}

/**
 * The listed projects' ranked days since `sinceDay` (YYYY-MM-DD): one statement for a whole page, by the primary key
 * (entity_type, entity_id, day) — at most ids × 7 rows. A day without a row is a day without heat.
 */
export function selectHeatDays(db: Db, ids: readonly string[], sinceDay: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: heatDailyRanks.entityId, day: heatDailyRanks.day, score: heatDailyRanks.score })
    .from(heatDailyRanks)
    .where(
      and(
        eq(heatDailyRanks.entityType, 'project'),
        inArray(heatDailyRanks.entityId, [...ids]),
        gte(heatDailyRanks.day, sinceDay),
      ),
    );
}

/** CoinGecko trending ranks (project_signals 'trendingRank', 0 = top) of the given projects that are on the list. */
export function selectTrendingRanks(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: projectSignals.projectId, value: projectSignals.value, asOf: projectSignals.asOf })
    .from(projectSignals)
    .where(
      and(
        eq(projectSignals.signal, 'trendingRank'),
        eq(projectSignals.source, 'coingecko'),
        inArray(projectSignals.projectId, [...ids]),
        isNotNull(projectSignals.value),
      ),
    );
}

/** A project's id as stored (ids are slugs; the lookup ignores case like the project page), or undefined. */
export async function selectStoredProjectId(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`lower(${projects.id}) = lower(${id})`)
    .limit(1);
  return row?.id;
}
