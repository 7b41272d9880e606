import { and, arrayContains, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectSort } from '../../../shared/api/projects.schema.ts';
import type { Db } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';

export type ProjectFilters = {
  category?: string;
  chain?: string;
  status?: 'trending' | 'rising' | 'new' | 'active';
  verified?: boolean;
  q?: string;
};

export const projectListColumns = {
  id: projects.id,
  name: projects.name,
  symbol: projects.symbol,
  logoUrl: projects.logoUrl,
  introEn: projects.introEn,
  introZh: projects.introZh,
  category: projects.category,
  chains: projects.chains,
  status: projects.status,
  isVerified: projects.isVerified,
  heatScore: projects.heatScore,
  socialScore: projects.socialScore,
  price: projects.price,
  marketCap: projects.marketCap,
  volume24h: projects.volume24h,
  priceChange24h: projects.priceChange24h,
  followersTwitter: projects.followersTwitter,
  metricSources: projects.metricSources,
  listedAt: projects.listedAt,
};

const SORT_COLUMNS: Record<ProjectSort, AnyPgColumn> = {
  heat: projects.heatScore,
  social: projects.socialScore,
  market_cap: projects.marketCap,
  volume: projects.volume24h,
  change_24h: projects.priceChange24h,
  listed: projects.listedAt,
  name: projects.name,
};

/** ORDER BY that matches the indexes exactly: `<col> DESC NULLS LAST, id` (see schema/projects.ts). */
function orderFor(sort: ProjectSort, order: 'asc' | 'desc'): SQL[] {
  const column = SORT_COLUMNS[sort];
  const direction = order === 'asc' ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
  return [sql`${column} ${direction}`, asc(projects.id)];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function whereFor(filters: ProjectFilters): SQL | undefined {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : undefined;
  return and(
    filters.category ? eq(projects.category, filters.category) : undefined,
    filters.chain ? arrayContains(projects.chains, [filters.chain]) : undefined,
    filters.status ? eq(projects.status, filters.status) : undefined,
    filters.verified === undefined ? undefined : eq(projects.isVerified, filters.verified),
    pattern ? or(ilike(projects.name, pattern), ilike(projects.symbol, pattern)) : undefined,
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
    .where(whereFor(filters))
    .orderBy(...orderFor(page.sort, page.order))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countProjects(db: Db, filters: ProjectFilters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(whereFor(filters));
  return row?.n ?? 0;
}

export async function selectProjectById(db: Db, id: string) {
  const [row] = await db
    .select({ project: projects, sectorId: sectors.id })
    .from(projects)
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
