import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projectListColumns } from '../../db/project-columns.ts';
import { projectScores, projects, scoresOfProject, sectors } from '../../db/schema/index.ts';

/** The filters as the queries take them (validated by SearchQuerySchema; dates already parsed). */
export type SearchFilters = {
  category?: string;
  chain?: string;
  status?: string;
  verified?: boolean;
  heatMin?: number;
  heatMax?: number;
  change24hMin?: number;
  change24hMax?: number;
  change7dMin?: number;
  change7dMax?: number;
  marketCapMin?: number;
  marketCapMax?: number;
  volumeMin?: number;
  volumeMax?: number;
  listedSince?: Date;
};

/**
 * The text of a search, prepared once: the patterns and the tsquery (null when q has no word to match); the projects
 * whose alias equals, starts with or contains q (aliases.service.ts: 以太坊, Ripple…); and `sector`, the stored name
 * of the sector q names (`defi`, `去中心化金融` → DeFi), whose projects match and rank first after the name matches.
 */
export type SearchText = {
  q: string;
  like: string;
  prefix: string;
  tsquery: string | null;
  chinese: boolean;
  aliases: { exact: readonly string[]; prefix: readonly string[]; contains: readonly string[] };
  sector?: string;
};

const HAN = /\p{Script=Han}/u;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each word of q (letters and digits only, so nothing reaches to_tsquery's syntax) as a prefix term, all required:
 * `uni swap` → `uni:* & swap:*`.
 */
export function prepareText(q: string, extra: { aliases?: SearchText['aliases']; sector?: string } = {}): SearchText {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return {
    q,
    like: `%${escapeLike(q)}%`,
    prefix: `${escapeLike(q)}%`,
    tsquery: words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null,
    chinese: HAN.test(q),
    aliases: extra.aliases ?? { exact: [], prefix: [], contains: [] },
    sector: extra.sector,
  };
}

/** `id IN (…)` for a list of project ids; undefined for none (an empty IN list is not SQL). */
function idIn(ids: readonly string[]): SQL | undefined {
  return ids.length > 0
    ? sql`${projects.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;
}

const allAliasIds = (text: SearchText) => [...text.aliases.exact, ...text.aliases.prefix, ...text.aliases.contains];

// Must equal the expression of projects_zh_text_trgm_idx (migration 0018_search) for the planner to use it.
const zhText = sql`(coalesce(${projects.introZh}, '') || ' ' || coalesce(${projects.descriptionZh}, ''))`;
const searchDocument = sql`${projects}.search_document`;
const tsquery = (text: SearchText) => sql`to_tsquery('simple'::regconfig, ${text.tsquery})`;

/**
 * A project matches when its search document has every word (as a prefix), or its name, symbol or an alias contains
 * q, or — for Chinese — its zh intro or description contains q, or q names its sector. `fuzzy` adds names within trigram similarity of q (typos):
 * the search asks for it only when the exact words find nothing, since a common trigram set ("zen", "swap") would
 * make every search rank thousands of near-misses.
 */
export function textMatch(text: SearchText, fuzzy = false): SQL {
  const conditions: SQL[] = [sql`${projects.name} ILIKE ${text.like}`, sql`${projects.symbol} ILIKE ${text.like}`];
  if (fuzzy) conditions.push(sql`${projects.name} % ${text.q}`, sql`${projects.symbol} % ${text.q}`);
  if (text.tsquery) conditions.push(sql`${searchDocument} @@ ${tsquery(text)}`);
  if (text.chinese) conditions.push(sql`${zhText} ILIKE ${text.like}`);
  const aliased = idIn(allAliasIds(text));
  if (aliased) conditions.push(aliased);
  if (text.sector) conditions.push(sql`${projects.category} = ${text.sector}`);
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

/** Which copy of the sector a filter tests: project_scores' (heat-sorted lists) or projects' (text matches). */
export type CategoryColumn = 'scores' | 'projects';

/**
 * WHERE for the filters; `skip` leaves one filter out (a facet counts with every filter but its own). The sector is
 * tested on project_scores' copy by default (its (category, heat) index serves a sector filter with the heat sort);
 * with a text match, on projects' own column, whose index the planner can AND with the text bitmaps (migration
 * 0025_search_perf), so only the sector's matches are read from the heap.
 */
export function filterWhere(
  f: SearchFilters,
  skip?: 'category' | 'chain' | 'status',
  categoryOn: CategoryColumn = 'scores',
): SQL | undefined {
  const range = (column: SQL | typeof projects.marketCap, min?: number, max?: number) => [
    min === undefined ? undefined : sql`${column} >= ${min}`,
    max === undefined ? undefined : sql`${column} <= ${max}`,
  ];
  return and(
    // project_scores' copy of the category (kept equal by migration 0008's triggers): its (category, heat) index
    // serves a sector filter with the heat sort and the facets.
    f.category && skip !== 'category'
      ? sql`${categoryOn === 'scores' ? projectScores.category : projects.category} = ${f.category}`
      : undefined,
    f.chain && skip !== 'chain' ? sql`${projects.chains} @> ARRAY[${f.chain}]::text[]` : undefined,
    f.status && skip !== 'status' ? sql`${projectScores.status} = ${f.status}` : undefined,
    f.verified === undefined ? undefined : sql`${projects.isVerified} = ${f.verified}`,
    ...range(sql`${projectScores.heatScore}`, f.heatMin, f.heatMax),
    ...range(sql`${projects.priceChange24h}`, f.change24hMin, f.change24hMax),
    ...range(sql`${projects.priceChange7d}`, f.change7dMin, f.change7dMax),
    ...range(sql`${projects.marketCap}`, f.marketCapMin, f.marketCapMax),
    ...range(sql`${projects.volume24h}`, f.volumeMin, f.volumeMax),
    f.listedSince ? sql`${projects.listedAt} >= ${f.listedSince.toISOString()}` : undefined,
  );
}

export type SearchSort = 'relevance' | 'heat' | 'marketCap' | 'volume' | 'change24h' | 'newest';

const SORT_COLUMNS: Record<Exclude<SearchSort, 'relevance'>, SQL> = {
  heat: sql`${projectScores.heatScore}`,
  marketCap: sql`${projects.marketCap}`,
  volume: sql`${projects.volume24h}`,
  change24h: sql`${projects.priceChange24h}`,
  newest: sql`${projects.listedAt}`,
};

/**
 * Relevance (docs/search.md): an exact symbol, name or alias (or, for Chinese, a zh description that opens with q —
 * the catalogue writes "以太坊是…"), then a name/symbol/alias that starts with q, then one that contains q; then, when
 * q names a sector, that sector's projects by heat; then how early q occurs in the zh text, the full-text rank
 * (weights A name/symbol … D description), trigram similarity, heat.
 */
export function relevanceOrder(text: SearchText): SQL[] {
  const any = (conditions: (SQL | undefined)[]) =>
    sql.join(
      conditions.filter((c): c is SQL => c !== undefined),
      sql` OR `,
    );
  const exact = [
    sql`lower(${projects.symbol}) = lower(${text.q})`,
    sql`lower(${projects.name}) = lower(${text.q})`,
    idIn(text.aliases.exact),
    ...(text.chinese ? [sql`${projects.descriptionZh} LIKE ${text.prefix}`] : []),
  ];
  const prefix = [
    sql`${projects.name} ILIKE ${text.prefix}`,
    sql`${projects.symbol} ILIKE ${text.prefix}`,
    idIn(text.aliases.prefix),
  ];
  const contains = [
    sql`${projects.name} ILIKE ${text.like}`,
    sql`${projects.symbol} ILIKE ${text.like}`,
    idIn(text.aliases.contains),
  ];
  const inSector = text.sector ? sql`${projects.category} = ${text.sector}` : undefined;
  return [
    sql`CASE WHEN ${any(exact)} THEN 0 WHEN ${any(prefix)} THEN 1 WHEN ${any(contains)} THEN 2 ELSE 3 END`,
    // (A bare constant would be read as a column position in ORDER BY: absent terms are left out instead.)
    ...(inSector
      ? [
          sql`CASE WHEN ${inSector} THEN 0 ELSE 1 END`,
          sql`CASE WHEN ${inSector} THEN ${projectScores.heatScore} END DESC NULLS LAST`,
        ]
      : []),
    ...(text.chinese ? [sql`1.0 / NULLIF(strpos(${zhText}, ${text.q}), 0) DESC NULLS LAST`] : []),
    ...(text.tsquery ? [sql`ts_rank(${searchDocument}, ${tsquery(text)}) DESC`] : []),
    sql`greatest(similarity(${projects.name}, ${text.q}), similarity(coalesce(${projects.symbol}, ''), ${text.q})) DESC`,
    sql`${projectScores.heatScore} DESC NULLS LAST`,
    sql`${projects.id}`,
  ];
}

export function selectSearchPage(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  return db
    .select(projectListColumns)
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of a text search and the number of all its matches in one statement (`count(*) OVER ()`): the text match
 * (GIN bitmaps, heap recheck) runs once instead of once for the page and once for a count. A text search ranks every
 * match anyway, so the window adds nothing to the page's own work. `total` is null when the page is past the end.
 */
export async function selectSearchPageWithTotal(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({ ...projectListColumns, matches: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(({ matches: _matches, ...row }) => row), total: rows[0]?.matches ?? null };
}

/**
 * Runs a search's statements with `random_page_cost = 1.1` (transaction-local). The catalogue is memory-resident
 * (PGlite in the process, PostgreSQL's shared buffers), and at the default 4 the planner hashed all 100k scores rows
 * to join a few hundred matches, or bitmap-scanned every project on a chain to join the ~3,000 of one sector above a
 * heat: measured at 100k, `swap` + DeFi + market cap 82 → 34 ms, DeFi + Ethereum + heat ≥ 40 counted 62 → 28 ms.
 */
export function withSearchPlanner<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL random_page_cost = 1.1`);
    return run(tx as unknown as Db);
  });
}

/** `<col> DESC NULLS LAST, id` as the indexes are declared; heat breaks ties on project_scores' id, its index's column. */
export function sortOrder(sort: Exclude<SearchSort, 'relevance'>): SQL[] {
  const id = sort === 'heat' ? projectScores.projectId : projects.id;
  return [sql`${SORT_COLUMNS[sort]} DESC NULLS LAST`, sql`${id}`];
}

/** The filters that need the project_scores row (heat, status, and the sector when tested on its copy). */
function needsScores(f: SearchFilters, categoryOn: CategoryColumn): boolean {
  return (
    f.status !== undefined ||
    f.heatMin !== undefined ||
    f.heatMax !== undefined ||
    (f.category !== undefined && categoryOn === 'scores')
  );
}

/**
 * How many projects a search matches (its `total`). Without a filter on the scores row, projects alone are counted
 * (every project has exactly one scores row, so the join would change nothing but the cost).
 */
export async function countMatches(
  db: Db,
  match: SQL | undefined,
  f: SearchFilters,
  categoryOn: CategoryColumn,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, countMatchesSql(match, f, categoryOn));
  return row?.n ?? 0;
}

export function countMatchesSql(match: SQL | undefined, f: SearchFilters, categoryOn: CategoryColumn): SQL {
  const where = and(match, filterWhere(f, undefined, categoryOn));
  const from = needsScores(f, categoryOn)
    ? sql`${projects} JOIN ${projectScores} ON ${scoresOfProject}`
    : sql`${projects}`;
  return sql`SELECT count(*)::int AS n FROM ${from} ${where ? sql`WHERE ${where}` : sql``}`;
}

type FacetRow = { facet: 'category' | 'chain' | 'status'; value: string; count: number };

/** The filters on a column of projects itself; the sector, chain, status and heat are all on project_scores. */
const PROJECTS_FILTERS = [
  'verified',
  'change24hMin',
  'change24hMax',
  'change7dMin',
  'change7dMax',
  'marketCapMin',
  'marketCapMax',
  'volumeMin',
  'volumeMax',
  'listedSince',
] as const satisfies readonly (keyof SearchFilters)[];

/**
 * The three facets in one statement, each counting the matches that pass every facet filter but its own.
 * - Without text or a filter on a projects column, project_scores alone (its copies of the sector and chains,
 *   migration 0055): the sector and status facets come from one pass grouped by (sector, status, passes the chain
 *   filter) — a few dozen groups, no array hashed — and the chain facet unnests the chains of the matches in the
 *   filtered sector and status only. Both passes can read project_scores_heat_idx alone (it carries sector, status and chains).
 * - Otherwise the matches are read once into a CTE with a flag per facet filter, and each facet groups the rows
 *   that pass the other flags (the text match runs once).
 */
export function selectFacets(db: Db, match: SQL | undefined, f: SearchFilters) {
  return queryRows<FacetRow>(
    db,
    match || PROJECTS_FILTERS.some((key) => f[key] !== undefined) ? joinedFacetsSql(match, f) : scoresFacetsSql(f),
  );
}

function scoresFacetsSql(f: SearchFilters): SQL {
  const where = filterWhere({ ...f, category: undefined, chain: undefined, status: undefined }) ?? sql`true`;
  const categoryOk = f.category === undefined ? sql`true` : sql`${projectScores.category} = ${f.category}`;
  const chainOk = f.chain === undefined ? sql`true` : sql`${projectScores.chains} @> ARRAY[${f.chain}]::text[]`;
  const statusOk = f.status === undefined ? sql`true` : sql`${projectScores.status} = ${f.status}`;
  return sql`WITH g AS MATERIALIZED (
      SELECT ${projectScores.category} AS category, ${projectScores.status} AS status, ${chainOk} AS chain_ok,
        count(*) AS n
      FROM ${projectScores} WHERE ${where} GROUP BY 1, 2, 3
    )
    SELECT 'category' AS facet, category AS value, sum(n)::int AS count FROM g
      WHERE chain_ok AND ${f.status === undefined ? sql`true` : sql`status = ${f.status}`} GROUP BY category
    UNION ALL
    SELECT 'status', coalesce(status, 'unscored'), sum(n)::int FROM g
      WHERE chain_ok AND ${f.category === undefined ? sql`true` : sql`category = ${f.category}`} GROUP BY status
    UNION ALL
    SELECT 'chain', chain.value, count(*)::int
      FROM ${projectScores} CROSS JOIN LATERAL unnest(${projectScores.chains}) AS chain(value)
      WHERE ${where} AND ${categoryOk} AND ${statusOk} GROUP BY chain.value`;
}

function joinedFacetsSql(match: SQL | undefined, f: SearchFilters): SQL {
  const where = and(match, filterWhere({ ...f, category: undefined, chain: undefined, status: undefined }));
  const ok = (condition: SQL | undefined) => condition ?? sql`true`;
  return sql`WITH m AS MATERIALIZED (
      SELECT ${projects.category} AS category, coalesce(${projectScores.status}, 'unscored') AS status,
        ${projects.chains} AS chains,
        ${ok(filterWhere({ category: f.category }))} AS category_ok,
        ${ok(filterWhere({ chain: f.chain }))} AS chain_ok,
        ${ok(filterWhere({ status: f.status }))} AS status_ok
      FROM ${projects} JOIN ${projectScores} ON ${scoresOfProject}
      ${where ? sql`WHERE ${where}` : sql``}
    )
    SELECT 'category' AS facet, category AS value, count(*)::int AS count FROM m
      WHERE chain_ok AND status_ok GROUP BY category
    UNION ALL
    SELECT 'status', status, count(*)::int FROM m WHERE category_ok AND chain_ok GROUP BY status
    UNION ALL
    SELECT 'chain', chain.value, count(*)::int FROM m CROSS JOIN LATERAL unnest(m.chains) AS chain(value)
      WHERE category_ok AND status_ok GROUP BY chain.value`;
}

/**
 * The sector a search text names — its id, its name (any case) or its Chinese name (`defi`, `DeFi`, `去中心化金融`) —
 * as the stored name that projects.category holds; undefined when q is not a sector word.
 */
export async function selectSectorNamedBy(db: Db, q: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: sectors.name })
    .from(sectors)
    .where(
      sql`lower(${sectors.id}) = lower(${q}) OR lower(${sectors.name}) = lower(${q}) OR ${sectors.nameZh} = ${q.trim()}`,
    )
    .limit(1);
  return row?.name;
}

/** Resolves a sector given as id or name, in any case, to the stored name that projects.category holds. */
export async function selectSectorByIdOrName(db: Db, value: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: sectors.name })
    .from(sectors)
    .where(sql`lower(${sectors.id}) = lower(${value}) OR lower(${sectors.name}) = lower(${value})`)
    .limit(1);
  return row?.name;
}

export type SuggestionRow = {
  id: string;
  name: string;
  symbol: string | null;
  logoUrl: string | null;
  heatScore: number | null;
};

/** Above this many prefix matches, suggestions walk the heat index instead of ranking every match (see below). */
export const SUGGEST_RANK_ALL_MAX = 1_000;

/**
 * Suggestions: name/symbol only — a prefix of either (any case) or, when `fuzzy`, a name within trigram similarity
 * of q — ranked: exact symbol or name first, then the prefix matches by heat, then (fuzzy) the similar names by
 * similarity, each class by heat (then id) last. Two plans give that same order (search.speed.test.ts checks both
 * against one full sort):
 * - a prefix that starts at most SUGGEST_RANK_ALL_MAX names/symbols (counted from the btree prefix indexes of
 *   migration 0022, with a LIMIT, so a common one costs ~1,000 index entries): its matches are ranked in full;
 * - a common prefix (`z`, `so`, `zen`: up to ~5,000+ names at 100k) walks project_scores_heat_idx in heat order and
 *   stops at the 8th project whose name or symbol starts with q (~8 × 100,000 / matches rows), after the exact
 *   matches. Ranking every one of them (similarity, then heat by key for the ties) took ~90 ms at load.
 */
export async function selectSuggestions(
  db: Db,
  text: SearchText,
  limit: number,
  fuzzy: boolean,
  prefixMatches?: number,
): Promise<SuggestionRow[]> {
  if (!fuzzy && (prefixMatches ?? (await countPrefixMatches(db, text))) > SUGGEST_RANK_ALL_MAX) {
    return queryRows<SuggestionRow>(db, commonPrefixSuggestionsSql(text, limit));
  }
  return queryRows<SuggestionRow>(db, suggestionsSql(text, limit, fuzzy));
}

/**
 * Names starting with q plus symbols starting with q, each counted up to SUGGEST_RANK_ALL_MAX + 1 from its prefix
 * index: at least the number of projects either starts (and at most twice it).
 */
export async function countPrefixMatches(db: Db, text: SearchText): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT (${prefixMatchesSql(text)})::int AS n`);
  return row?.n ?? 0;
}

function prefixMatchesSql(text: SearchText): SQL {
  const prefix = text.prefix.toLowerCase();
  const cap = SUGGEST_RANK_ALL_MAX + 1;
  return sql`(SELECT count(*) FROM (SELECT 1 FROM projects WHERE lower(name) LIKE ${prefix} LIMIT ${cap}) n)
    + (SELECT count(*) FROM (SELECT 1 FROM projects WHERE lower(symbol) LIKE ${prefix} LIMIT ${cap}) s)`;
}

/** The exact matches by heat, then the prefix matches in heat order (project_scores_heat_idx), `limit` in all. */
export function commonPrefixSuggestionsSql(text: SearchText, limit: number): SQL {
  const q = text.q.toLowerCase();
  const prefix = text.prefix.toLowerCase();
  const exact = sql`(lower(p.symbol) = ${q} OR lower(p.name) = ${q})`;
  const columns = sql`p.id, p.name, p.symbol, p.logo_url AS "logoUrl", s.heat_score AS "heatScore"`;
  return sql`SELECT "id", "name", "symbol", "logoUrl", "heatScore" FROM (
      (SELECT ${columns}, 0 AS class FROM projects p JOIN project_scores s ON s.project_id = p.id
        WHERE ${exact} ORDER BY s.heat_score DESC NULLS LAST, s.project_id LIMIT ${limit})
      UNION ALL
      (SELECT ${columns}, 1 AS class FROM project_scores s JOIN projects p ON p.id = s.project_id
        WHERE (lower(p.name) LIKE ${prefix} OR lower(p.symbol) LIKE ${prefix}) AND NOT coalesce(${exact}, false)
        ORDER BY s.heat_score DESC NULLS LAST, s.project_id LIMIT ${limit})
    ) AS r
    ORDER BY class, "heatScore" DESC NULLS LAST, "id" LIMIT ${limit}`;
}

/**
 * All candidates ranked: the prefix matches (and, when `fuzzy`, the trigram-similar names) come from the indexes
 * alone (they carry id, name and symbol) and are ranked by the part of the order that needs no heat (class, then the
 * similarity of the fuzzy ones); only those not behind the limit-th on that fetch their heat (by key), and only the
 * `limit` chosen their logo. Ties are all kept, so heat breaks them exactly as a full sort would.
 */
export function suggestionsSql(text: SearchText, limit: number, fuzzy: boolean): SQL {
  const q = text.q.toLowerCase();
  const prefix = text.prefix.toLowerCase();
  const fuzzyNames = fuzzy ? sql`UNION SELECT id, name, symbol FROM projects WHERE name % ${text.q}` : sql``;
  return sql`WITH candidates AS (
      SELECT id, name, symbol, class,
        CASE WHEN class = 2 THEN greatest(similarity(name, ${text.q}), similarity(coalesce(symbol, ''), ${text.q}))
          ELSE 1 END AS sim
      FROM (
        SELECT id, name, symbol,
          CASE WHEN lower(symbol) = ${q} OR lower(name) = ${q} THEN 0
            WHEN lower(name) LIKE ${prefix} OR lower(symbol) LIKE ${prefix} THEN 1 ELSE 2 END AS class
        FROM (
          SELECT id, name, symbol FROM projects WHERE lower(name) LIKE ${prefix}
          UNION SELECT id, name, symbol FROM projects WHERE lower(symbol) LIKE ${prefix}
          ${fuzzyNames}
        ) AS matched
      ) AS classed
    ), cut AS (
      SELECT class, sim FROM candidates ORDER BY class, sim DESC LIMIT 1 OFFSET ${limit - 1}
    )
    SELECT r.id, r.name, r.symbol, r.heat_score AS "heatScore",
      CASE WHEN p.logo_etag IS NULL THEN NULL ELSE '/api/logos/' || p.id || '?v=' || p.logo_etag END AS "logoUrl"
    FROM (
      SELECT c.id, c.name, c.symbol, c.class, c.sim,
        -- By key per candidate (a join would hash all 100k scores for a few hundred candidates).
        (SELECT s.heat_score FROM project_scores s WHERE s.project_id = c.id) AS heat_score
      FROM candidates c
      WHERE NOT EXISTS (SELECT 1 FROM cut) OR (c.class, -c.sim) <= (SELECT class, -sim FROM cut)
      ORDER BY c.class, c.sim DESC, heat_score DESC NULLS LAST, c.id
      LIMIT ${limit}
    ) AS r
    JOIN projects p ON p.id = r.id
    ORDER BY r.class, r.sim DESC, r.heat_score DESC NULLS LAST, r.id`;
}

/** The suggestion rows of the given projects (alias matches: a handful of ids, read by key). */
export function selectSuggestionsByIds(db: Db, ids: readonly string[]): Promise<SuggestionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<SuggestionRow>(
    db,
    sql`SELECT p.id, p.name, p.symbol, s.heat_score AS "heatScore",
      CASE WHEN p.logo_etag IS NULL THEN NULL ELSE '/api/logos/' || p.id || '?v=' || p.logo_etag END AS "logoUrl"
    FROM projects p JOIN project_scores s ON s.project_id = p.id
    WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** How many of the hottest projects the stored prefix lists are drawn from (refreshSuggestPrefixes). */
export const SUGGEST_PREFIX_POOL = 4_000;
/** Prefixes of 1 to this many characters are stored; a longer q starts few names and is ranked live. */
export const SUGGEST_PREFIX_MAX_LENGTH = 8;

/**
 * Rewrites search_suggest_prefixes (migration 0025) with the suggestions of every common prefix, in the suggestion
 * order (exact symbol or name first, then heat DESC NULLS LAST, then id). They are drawn from the `pool` hottest
 * projects (project_scores_heat_idx): every project outside the pool comes after every one inside it in heat order,
 * so a prefix's first `limit` in the pool are its first `limit` of ALL projects when either `limit` of the pool match
 * it exactly, or the pool holds every exact match (counted over all projects) and at least `limit` matches. Only
 * such prefixes are stored; any other q is ranked live. One transaction under an exclusive lock: two instances
 * refreshing after their recomputes take turns, and readers see the old lists or the new ones.
 */
export async function refreshSuggestPrefixes(
  db: Db,
  now: Date,
  options: { pool?: number; limit: number },
): Promise<number> {
  const pool = options.pool ?? SUGGEST_PREFIX_POOL;
  const limit = options.limit;
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE search_suggest_prefixes IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM search_suggest_prefixes`);
    const rows = await queryRows<{ n: number }>(
      tx as unknown as Db,
      sql`WITH hot AS (
        SELECT project_id AS id, row_number() OVER (ORDER BY heat_score DESC NULLS LAST, project_id) AS rank
        FROM (SELECT project_id, heat_score FROM project_scores
          ORDER BY heat_score DESC NULLS LAST, project_id LIMIT ${pool}) AS s
      ), keys AS (
        SELECT hot.id, hot.rank, lower(p.name) AS name, lower(p.symbol) AS symbol
        FROM hot JOIN projects p ON p.id = hot.id
      ), keyed AS (
        SELECT DISTINCT left(key.value, n.len) AS prefix, k.id, k.rank,
          coalesce(left(key.value, n.len) = k.name OR left(key.value, n.len) = k.symbol, false) AS exact
        FROM keys k
        CROSS JOIN LATERAL (VALUES (k.name), (k.symbol)) AS key(value)
        CROSS JOIN generate_series(1, ${SUGGEST_PREFIX_MAX_LENGTH}) AS n(len)
        WHERE key.value IS NOT NULL AND length(key.value) >= n.len
      ), counted AS (
        SELECT prefix, count(*) AS matches, count(*) FILTER (WHERE exact) AS exact
        FROM keyed GROUP BY prefix HAVING count(*) >= ${limit}
      ), provable AS (
        -- Every exact match of the prefix, counted by key on the prefix indexes (a project whose name and symbol
        -- both equal it once); only needed when the pool has fewer than \`limit\` of them.
        SELECT c.prefix FROM counted c
        WHERE c.exact >= ${limit}
          OR c.exact = (SELECT count(*) FROM projects WHERE lower(name) = c.prefix)
            + (SELECT count(*) FROM projects
              WHERE lower(symbol) = c.prefix AND lower(name) IS DISTINCT FROM c.prefix)
      ), ranked AS (
        SELECT k.prefix, k.id, row_number() OVER (PARTITION BY k.prefix ORDER BY k.exact DESC, k.rank) AS place
        FROM keyed k JOIN provable USING (prefix)
      ), inserted AS (
        INSERT INTO search_suggest_prefixes (prefix, project_ids, refreshed_at)
        SELECT prefix, array_agg(id ORDER BY place), ${now.toISOString()} FROM ranked
        WHERE place <= ${limit} GROUP BY prefix
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Suggestions from q's stored list (refreshSuggestPrefixes), in its order. Names, logos and heat are read fresh by
 * key (heat changes only with a recompute, which rewrites the lists). When q is not stored: how many projects its
 * prefix starts instead (countPrefixMatches, in the same statement), for the live ranking to choose its plan.
 */
export async function selectStoredSuggestions(
  db: Db,
  text: SearchText,
  limit: number,
): Promise<{ items: SuggestionRow[] } | { prefixMatches: number }> {
  const rows = await queryRows<SuggestionRow & { place: number; matches: number | null }>(
    db,
    sql`WITH stored AS (SELECT project_ids FROM search_suggest_prefixes WHERE prefix = ${text.q.toLowerCase()})
    SELECT p.id, p.name, p.symbol, p.logo_url AS "logoUrl", s.heat_score AS "heatScore", k.place, NULL::int AS matches
    FROM stored CROSS JOIN LATERAL unnest(stored.project_ids) WITH ORDINALITY AS k(id, place)
      JOIN projects p ON p.id = k.id JOIN project_scores s ON s.project_id = p.id
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, 0, (${prefixMatchesSql(text)})::int WHERE NOT EXISTS (SELECT 1 FROM stored)
    ORDER BY place LIMIT ${limit}`,
  );
  const first = rows[0];
  if (first && first.matches !== null) return { prefixMatches: first.matches };
  return { items: rows.map(({ id, name, symbol, logoUrl, heatScore }) => ({ id, name, symbol, logoUrl, heatScore })) };
}
