import { and, type SQL, sql } from 'drizzle-orm';
import { SEARCH_FILTERS } from '../../../shared/api/search.schema.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { projectChainMembers, projectScores } from '../../db/schema/index.ts';
import type { FacetRow, SearchFilters } from './search.queries.ts';

/** The filters a facet count can answer from project_scores and the chain members, without any projects row. */
const SCORES_FILTERS: ReadonlySet<string> = new Set(['category', 'chain', 'status', 'heatMin', 'heatMax']);
const PROJECTS_FILTERS = SEARCH_FILTERS.filter((name) => !SCORES_FILTERS.has(name));

/**
 * True when a search has no text and filters only by sector, chain, status and heat (selectScoreFacets applies).
 * Other keys the filters object carries (the parsed query's page and sort) are no filters and do not count.
 */
export function canCountFromScores(hasText: boolean, f: SearchFilters): boolean {
  return !hasText && PROJECTS_FILTERS.every((name) => f[name] === undefined);
}

/**
 * The three facets of a search without text that filters by sector, chain, status and heat only, each with every
 * filter but its own, as selectFacets counts them — from the narrow tables: project_scores (sector copy, status,
 * heat, with its (category, heat) and heat indexes) and project_chain_members for the chain, so no projects row is
 * read. Each facet is its own indexed statement instead of one pass over every row the non-facet filters leave:
 * DeFi + Ethereum + heat ≥ 40 at 100k reads ~5k, ~3k and ~0.5k rows where the single pass joined ~33k to projects.
 */
export function selectScoreFacets(db: Db, f: SearchFilters) {
  const s = projectScores;
  const m = projectChainMembers;
  const heat = [
    f.heatMin === undefined ? undefined : sql`${s.heatScore} >= ${f.heatMin}`,
    f.heatMax === undefined ? undefined : sql`${s.heatScore} <= ${f.heatMax}`,
  ];
  const inCategory = f.category ? sql`${s.category} = ${f.category}` : undefined;
  const inStatus = f.status ? sql`${s.status} = ${f.status}` : undefined;
  const onChain = f.chain
    ? sql`${s.projectId} IN (SELECT ${m.projectId} FROM ${m} WHERE ${m.chain} = ${f.chain})`
    : undefined;
  const where = (...conditions: (SQL | undefined)[]) => {
    const all = and(...heat, ...conditions);
    return all ? sql`WHERE ${all}` : sql``;
  };
  return queryRows<FacetRow>(
    db,
    sql`SELECT 'category' AS facet, ${s.category} AS value, count(*)::int AS count FROM ${s}
      ${where(onChain, inStatus)} GROUP BY 2
    UNION ALL
    SELECT 'status', coalesce(${s.status}, 'unscored'), count(*)::int FROM ${s} ${where(inCategory, onChain)} GROUP BY 2
    UNION ALL
    SELECT 'chain', ${m.chain}, count(*)::int FROM ${s} JOIN ${m} ON ${m.projectId} = ${s.projectId}
      ${where(inCategory, inStatus)} GROUP BY 2`,
  );
}
